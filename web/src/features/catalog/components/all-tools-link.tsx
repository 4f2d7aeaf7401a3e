import { Link } from "react-router-dom";
import { paths } from "@/config/paths";
import "./catalog.css";

/** Below a short list of tools: the way to the whole catalogue. */
export function AllToolsLink() {
  return (
    <p className="all-tools-link">
      <Link to={paths.catalogue.href()} className="btn btn-outline">
        View all tools
      </Link>
    </p>
  );
}
