import { toast } from "react-toastify";
import type { Tool } from "@api/tools/tools.schemas";
import { Modal } from "@/components/ui/modal";
import { errorMessage } from "@/lib/api-client";
import { useUpdateTool } from "../api/update-tool";
import { EditToolForm } from "./edit-tool-form";

interface EditToolDialogProps {
  /** The tool being edited; null while the dialog is closed. */
  tool: Tool | null;
  onClose: () => void;
}

/** Manage Tools' Edit: the tool's fields in a modal, saved with PATCH. */
export function EditToolDialog({ tool, onClose }: EditToolDialogProps) {
  const updateTool = useUpdateTool();
  const close = () => {
    updateTool.reset();
    onClose();
  };

  return (
    <Modal open={tool !== null} title={tool ? `Edit ${tool.name}` : "Edit"} onClose={close}>
      {tool && (
        <>
          {updateTool.error && (
            <p role="alert" className="text-error">
              {errorMessage(updateTool.error)}
            </p>
          )}
          <EditToolForm
            key={tool._id}
            tool={tool}
            onSubmit={async (changes) => {
              await updateTool.mutateAsync({ id: tool._id, body: changes });
              toast.success("updated successfully");
              close();
            }}
          />
        </>
      )}
    </Modal>
  );
}
