import { QueryState } from "@/components/ui/query-state";
import { Table } from "@/components/ui/table";
import { formatDollars } from "@/lib/format";
import { useWishes } from "../api/get-wishes";
import { useDocumentTitle } from "@/lib/use-document-title";

export function WishListRoute() {
  useDocumentTitle("User Wish");
  const wishes = useWishes();
  return (
    <section>
      <h1 id="wish-list-heading">User Wish</h1>
      <QueryState isPending={wishes.isPending} error={wishes.error} />
      {wishes.data && wishes.data.length === 0 && <p>No wishes yet.</p>}
      {wishes.data && wishes.data.length > 0 && (
        <Table label="User wishes">
          <thead>
            <tr>
              <th scope="col">User Name</th>
              <th scope="col">Tools Name</th>
              <th scope="col">Approximate Price</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {wishes.data.map((wish) => (
              <tr key={wish._id}>
                <td data-label="User Name">{wish.userName}</td>
                <td data-label="Tools Name">{wish.name}</td>
                <td data-label="Approximate Price">{formatDollars(wish.price)}</td>
                <td data-label="Details">{wish.details}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
