import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { Deleted } from "@/lib/api-types";

export const deleteTool = (id: string) => apiRequest<Deleted>(`/tools/${encodeURIComponent(id)}`, { method: "DELETE" });

export const useDeleteTool = () => useMutation({ mutationFn: deleteTool });
