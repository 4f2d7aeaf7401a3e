import { isRouteErrorResponse, Link, useRouteError } from "react-router-dom";
import { paths } from "@/config/paths";

/** A route that failed to load (often a page's code after a new deployment) or threw while rendering. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "This page could not be shown.";
  return (
    <main className="main page narrow">
      <h1>Something went wrong</h1>
      <p role="alert" className="text-error">
        {detail}
      </p>
      <p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload the page
        </button>{" "}
        <Link to={paths.home.href()}>Back to Home</Link>
      </p>
    </main>
  );
}
