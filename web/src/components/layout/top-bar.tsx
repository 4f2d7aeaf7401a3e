import { NavLink } from "react-router-dom";
import { paths } from "@/config/paths";
import { useLogout, useSession } from "@/lib/auth";

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? "nav-link active" : "nav-link");

export function TopBar() {
  const session = useSession();
  const logout = useLogout();
  const signedIn = session.status === "signedIn";

  return (
    <header className="top-bar">
      <div className="top-bar-inner">
        <span className="brand">
          <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
            <rect width="32" height="32" rx="6" fill="#1e293b" />
            <rect x="6" y="8" width="16" height="7" rx="2" fill="#f59e0b" />
            <rect x="13" y="13" width="5" height="13" rx="2" fill="#f59e0b" />
          </svg>
          Toolshop
        </span>
        <nav aria-label="Main">
          <ul className="nav-list">
            <li>
              <NavLink to={paths.home.href()} end className={linkClass}>
                Home
              </NavLink>
            </li>
            {signedIn && (
              <li>
                <NavLink to={paths.dashboard.root.href()} className={linkClass}>
                  Dashboard
                </NavLink>
              </li>
            )}
            <li>
              <NavLink to={paths.portfolio.href()} className={linkClass}>
                Portfolio
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.blogs.href()} className={linkClass}>
                Blogs
              </NavLink>
            </li>
            <li className="nav-session">
              {signedIn ? (
                <>
                  <span className="display-name">{session.displayName}</span>
                  <button type="button" className="btn btn-outline btn-small" onClick={() => void logout()}>
                    Log Out
                  </button>
                </>
              ) : (
                session.status === "signedOut" && (
                  <NavLink to={paths.login.href()} className={linkClass}>
                    Login
                  </NavLink>
                )
              )}
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
