import { Outlet } from "react-router-dom";
import { SideMenu } from "@/components/layout/side-menu";
import { Spinner } from "@/components/ui/spinner";
import { VerifyEmailNotice } from "@/features/auth/components/verify-email-notice";
import { useAdminStatus } from "@/lib/auth";
import { useDocumentTitle } from "@/lib/use-document-title";

export function DashboardLayout() {
  const { isLoading, isAdmin } = useAdminStatus();
  useDocumentTitle("Dashboard");
  return (
    <div className="dashboard">
      <aside className="dashboard-aside">
        <p className="dashboard-title">Dashboard</p>
        {isLoading ? <Spinner /> : <SideMenu isAdmin={isAdmin} />}
      </aside>
      <div className="dashboard-content">
        <VerifyEmailNotice />
        <Outlet />
      </div>
    </div>
  );
}
