import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router-dom";
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

/**
 * On a phone the menu is one row that scrolls sideways within itself; the page shown is scrolled
 * into the row's view (Manage All Orders is past its right edge on a narrow screen).
 */
function useActiveLinkInView() {
  const listRef = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const list = listRef.current;
    const active = list?.querySelector(".active");
    if (!list || !active || list.scrollWidth <= list.clientWidth) return;
    const row = list.getBoundingClientRect();
    const link = active.getBoundingClientRect();
    if (link.left < row.left) list.scrollLeft -= row.left - link.left;
    else if (link.right > row.right) list.scrollLeft += link.right - row.right;
  }, [pathname]);
  return listRef;
}

export function SideMenu({ isAdmin }: { isAdmin: boolean }) {
  const items = [...everyone, ...(isAdmin ? [] : buyersOnly), ...profile, ...(isAdmin ? adminsOnly : [])];
  const listRef = useActiveLinkInView();
  return (
    <nav aria-label="Dashboard" className="side-menu">
      <ul ref={listRef}>
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
