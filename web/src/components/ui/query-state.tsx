import { errorMessage } from "@/lib/api-client";
import { Spinner } from "./spinner";

interface QueryStateProps {
  isPending: boolean;
  error: unknown;
}

/** The spinner while a query loads and its error once it fails; null when there is data to show. */
export function QueryState({ isPending, error }: QueryStateProps) {
  if (error) {
    return (
      <p role="alert" className="text-error">
        {errorMessage(error)}
      </p>
    );
  }
  if (isPending) return <Spinner />;
  return null;
}
