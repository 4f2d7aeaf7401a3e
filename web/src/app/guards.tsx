import { Navigate, Outlet, useLocation } from "react-router-dom";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useAdminStatus, useSession } from "@/lib/auth";

/** Signed-out visitors go to the login page, which sends them back here afterwards. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (session.status === "loading") return <Spinner />;
  if (session.status === "signedOut") return <Navigate to={paths.login.href()} replace state={{ from: location }} />;
  return <Outlet />;
}

/** docs/product.md §2.2 sends non-admins to the login page. */
export function RequireAdmin() {
  const { isLoading, isAdmin } = useAdminStatus();
  const location = useLocation();
  if (isLoading) return <Spinner />;
  if (!isAdmin) return <Navigate to={paths.login.href()} replace state={{ from: location }} />;
  return <Outlet />;
}

/** Add a Review is the customers' page; admins, who cannot review the shop, go to their dashboard. */
export function RequireNonAdmin() {
  const { isLoading, isAdmin } = useAdminStatus();
  if (isLoading) return <Spinner />;
  if (isAdmin) return <Navigate to={paths.dashboard.root.href()} replace />;
  return <Outlet />;
}
