import { Link } from "react-router-dom";
import { paths } from "@/config/paths";
import { useDocumentTitle } from "@/lib/use-document-title";

export function NotFoundRoute() {
  useDocumentTitle("Page not found");
  return (
    <section className="page not-found">
      <img src="/images/errors/not-found.svg" alt="Error 404: page not found" width={600} height={360} />
      <h1 id="not-found-heading">Page not found</h1>
      <p>
        <Link to={paths.home.href()} className="btn btn-primary">
          Back to Home
        </Link>
      </p>
    </section>
  );
}
