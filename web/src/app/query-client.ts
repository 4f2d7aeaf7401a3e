import { MutationCache, QueryClient } from "@tanstack/react-query";
import { toast } from "react-toastify";
import { ApiError, errorMessage } from "@/lib/api-client";

// A 4xx answer will not change on a retry; a network failure or a 5xx might.
const worthRetrying = (failureCount: number, error: unknown) =>
  failureCount < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500);

export function createQueryClient() {
  return new QueryClient({
    // Every failed change is told in a toast with the API's detail; screens add their own success toasts.
    mutationCache: new MutationCache({ onError: (error) => void toast.error(errorMessage(error)) }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: worthRetrying, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
