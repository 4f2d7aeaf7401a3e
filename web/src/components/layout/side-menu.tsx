import { NavLink } from "react-router-dom";
import { paths } from "@/config/paths";

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? "side-link active" : "side-link");

interface MenuItem {
  label: string;
  to: string;
  end?: boolean;
}

const d = paths.dashboard;
const everyone: MenuItem[] = [{ label: "My Orders", to: d.root.href(), end: true }];
const buyersOnly: MenuItem[] = [{ label: "Add a Review", to: d.review.href() }];
const profile: MenuItem[] = [{ label: "My Profile", to: d.profile.href() }];
const adminsOnly: MenuItem[] = [
  { label: "All User", to: d.allUsers.href() },
  { label: "User Wish", to: d.wishList.href() },
  { label: "Manage Tools", to: d.manageTools.href() },
  { label: "Add Product", to: d.addProduct.href() },
  { label: "Manage All Orders", to: d.allOrders.href() },
];

export function SideMenu({ isAdmin }: { isAdmin: boolean }) {
  const items = [...everyone, ...(isAdmin ? [] : buyersOnly), ...profile, ...(isAdmin ? adminsOnly : [])];
  return (
    <nav aria-label="Dashboard" className="side-menu">
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className={linkClass}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
