import { useState } from "react";
import { toast } from "react-toastify";
import type { User } from "@api/users/users.schemas";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { QueryState } from "@/components/ui/query-state";
import { Table } from "@/components/ui/table";
import { useSession } from "@/lib/auth";
import { reloadWithToast } from "@/lib/flash-toast";
import { useUsers } from "../api/get-users";
import { useMakeAdmin } from "../api/make-admin";
import { useRemoveUser } from "../api/remove-user";
import { useDocumentTitle } from "@/lib/use-document-title";

export function AllUsersRoute() {
  useDocumentTitle("All User");
  const session = useSession();
  const users = useUsers();
  const makeAdmin = useMakeAdmin();
  const removeUser = useRemoveUser();
  const [removing, setRemoving] = useState<User | null>(null);
  const myEmail = session.status === "signedIn" ? session.email.toLowerCase() : "";

  return (
    <section>
      <h1 id="all-users-heading">All User</h1>
      <QueryState isPending={users.isPending} error={users.error} />
      {users.data && (
        <Table label="All users">
          <thead>
            <tr>
              <th scope="col">No.</th>
              <th scope="col">Email</th>
              <th scope="col">Make Admin</th>
              <th scope="col">Remove User</th>
            </tr>
          </thead>
          <tbody>
            {users.data.map((user, index) => (
              <tr key={user._id}>
                <td data-label="No.">{index + 1}</td>
                <td data-label="Email">{user.email}</td>
                <td data-label="Make Admin">
                  {user.role === "admin" ? (
                    <span className="badge badge-success">Admin</span>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-primary btn-small"
                      disabled={makeAdmin.isPending}
                      onClick={() => makeAdmin.mutate(user.email, { onSuccess: () => toast.success("New Admin added") })}
                    >
                      Make Admin
                    </button>
                  )}
                </td>
                <td data-label="Remove User">
                  {user.email.toLowerCase() !== myEmail && (
                    <button type="button" className="btn btn-danger btn-small" onClick={() => setRemoving(user)}>
                      Remove User
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Are you sure ?"
        message={removing ? `${removing.email} will no longer be able to sign in.` : undefined}
        busy={removeUser.isPending}
        onYes={() => {
          if (!removing) return;
          removeUser.mutate(removing._id, {
            onSuccess: () => reloadWithToast("Remove user successfully"),
            onError: () => setRemoving(null),
          });
        }}
        onNo={() => setRemoving(null)}
      />
    </section>
  );
}
