import { useState } from "react";
import { toast } from "react-toastify";
import type { AdminUser } from "@api/users/users.schemas";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { filterOptions, ListSearchForm, type ListSearchSpec, useListSearch } from "@/components/ui/list-search-form";
import { LoadMore } from "@/components/ui/load-more";
import { QueryState } from "@/components/ui/query-state";
import { Table } from "@/components/ui/table";
import { useSession } from "@/lib/auth";
import { reloadWithToast } from "@/lib/flash-toast";
import { formatDate } from "@/lib/format";
import { useDocumentTitle } from "@/lib/use-document-title";
import { type UsersSearch, useAdminUsers } from "../api/get-admin-users";
import { useMakeAdmin } from "../api/make-admin";
import { useRemoveUser } from "../api/remove-user";
import "../components/users.css";

const USERS_SEARCH: ListSearchSpec<"role", UsersSearch["role"]> = {
  name: "Users",
  searchLabel: "Search by email or name",
  filter: { name: "role", label: "Role", options: filterOptions({ "": "All roles", buyer: "Buyers", admin: "Admins" }) },
};

export function AllUsersRoute() {
  useDocumentTitle("All User");
  const session = useSession();
  const [search, setSearch] = useListSearch(USERS_SEARCH);
  const users = useAdminUsers(search);
  const makeAdmin = useMakeAdmin();
  const removeUser = useRemoveUser();
  const [promoting, setPromoting] = useState<AdminUser | null>(null);
  const [removing, setRemoving] = useState<AdminUser | null>(null);
  const myEmail = session.status === "signedIn" ? session.email.toLowerCase() : "";
  const listed = users.data?.pages.flatMap((page) => page.users) ?? [];

  return (
    <section>
      <h1 id="all-users-heading">All User</h1>
      <ListSearchForm spec={USERS_SEARCH} search={search} onSearch={setSearch} />
      <QueryState isPending={users.isPending} error={users.error} />
      {users.data && listed.length === 0 && <p>No user matches this search.</p>}
      {listed.length > 0 && (
        <Table label="All users" columns={["No.", "Email", "Name", "Joined", "Make Admin", "Remove User"]}>
          {listed.map((user, index) => (
            <tr key={user._id}>
              <td data-label="No.">{index + 1}</td>
              <td data-label="Email">{user.email}</td>
              <td data-label="Name">{user.name}</td>
              <td data-label="Joined">
                <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
              </td>
              <td data-label="Make Admin">
                {user.role === "admin" ? (
                  <span className="badge badge-success">Admin</span>
                ) : (
                  <button type="button" className="btn btn-primary btn-small" onClick={() => setPromoting(user)}>
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
        </Table>
      )}
      <LoadMore className="users-more" count={listed.length} noun={["user", "users"]} list={users} />
      <ConfirmDialog
        open={promoting !== null}
        title={promoting ? `Make ${promoting.name} an admin?` : ""}
        message={promoting ? `${promoting.email} will be able to manage tools, orders and users.` : undefined}
        busy={makeAdmin.isPending}
        onYes={() => {
          if (!promoting) return;
          makeAdmin.mutate(promoting.email, {
            onSuccess: () => toast.success("New Admin added"),
            onSettled: () => setPromoting(null),
          });
        }}
        onNo={() => setPromoting(null)}
      />
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
