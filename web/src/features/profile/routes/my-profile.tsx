import { useState } from "react";
import { toast } from "react-toastify";
import { Modal } from "@/components/ui/modal";
import { QueryState } from "@/components/ui/query-state";
import { useSession } from "@/lib/auth";
import { useProfile } from "../api/get-profile";
import { useUpdateProfile } from "../api/update-profile";
import { ProfileForm } from "../components/profile-form";
import { useDocumentTitle } from "@/lib/use-document-title";

const notGiven = <span className="muted">Not given</span>;

export function MyProfileRoute() {
  useDocumentTitle("My Profile");
  const session = useSession();
  const email = session.status === "signedIn" ? session.email : "";
  const profile = useProfile(email);
  const updateProfile = useUpdateProfile(email);
  const [editing, setEditing] = useState(false);

  return (
    <section className="narrow">
      <h1 id="profile-heading">My Profile</h1>
      <QueryState isPending={profile.isPending} error={profile.error} />
      {profile.data && (
        <div className="card">
          <div className="card-body">
            <dl className="profile-details">
              <div>
                <dt>Name</dt>
                <dd>{session.status === "signedIn" ? session.displayName : profile.data.name}</dd>
              </div>
              <div>
                <dt>Email</dt>
                <dd>{profile.data.email}</dd>
              </div>
              <div>
                <dt>Education</dt>
                <dd>{profile.data.education || notGiven}</dd>
              </div>
              <div>
                <dt>Location</dt>
                <dd>{profile.data.location || notGiven}</dd>
              </div>
              <div>
                <dt>Phone Number</dt>
                <dd>{profile.data.number || notGiven}</dd>
              </div>
              <div>
                <dt>LinkedIn Profile</dt>
                <dd>
                  {profile.data.linkIn ? (
                    <a href={profile.data.linkIn} target="_blank" rel="noreferrer">
                      {profile.data.linkIn}
                    </a>
                  ) : (
                    notGiven
                  )}
                </dd>
              </div>
            </dl>
            <div className="card-actions">
              <button type="button" className="btn btn-primary" onClick={() => setEditing(true)}>
                Update Profile
              </button>
            </div>
          </div>
        </div>
      )}
      {profile.data && (
        <Modal open={editing} title="Update Profile" onClose={() => setEditing(false)}>
          <ProfileForm
            profile={profile.data}
            onSubmit={async (changes) => {
              await updateProfile.mutateAsync(changes);
              toast.success("updated successfully");
              setEditing(false);
            }}
          />
        </Modal>
      )}
    </section>
  );
}
