import type { ReactNode } from "react";
import { NavLink } from "react-router-dom";
import { paths } from "@/config/paths";
import { useLogout, useSession } from "@/lib/auth";
import { useMenuButton } from "./use-menu-button";

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? "nav-link active" : "nav-link");

const MENU_ID = "main-menu";

/**
 * The shop's top bar. On a phone its links fold into a menu button, next to the sign-in or sign-out
 * that stays in view; from 768px wide they sit in the bar.
 */
export function TopBar({ cartLink }: { cartLink?: ReactNode }) {
  const session = useSession();
  const logout = useLogout();
  const signedIn = session.status === "signedIn";
  const menu = useMenuButton<HTMLElement>();

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
        <nav aria-label="Main" className="main-nav" ref={menu.containerRef}>
          <button
            type="button"
            ref={menu.buttonRef}
            className="btn btn-ghost btn-icon menu-button"
            aria-expanded={menu.open}
            aria-controls={MENU_ID}
            onClick={menu.toggle}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span className="visually-hidden">Menu</span>
          </button>
          {/* A link to the page already shown changes no address, so a click on any link closes the menu. */}
          <ul
            id={MENU_ID}
            className={menu.open ? "nav-list open" : "nav-list"}
            onClick={(event) => {
              if (event.target instanceof Element && event.target.closest("a")) menu.close();
            }}
          >
            <li>
              <NavLink to={paths.home.href()} end className={linkClass}>
                Home
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.catalogue.href()} end className={linkClass}>
                Tools
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
          </ul>
          <div className="nav-session">
            {/* The app gives it (a feature of its own); it stays in view on a phone, with what it holds. */}
            {cartLink}
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
          </div>
        </nav>
      </div>
    </header>
  );
}
