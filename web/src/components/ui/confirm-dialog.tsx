import { Modal } from "./modal";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message?: string;
  busy?: boolean;
  onYes: () => void;
  onNo: () => void;
}

/** The contract's Yes/No confirmation (docs/product.md §9.1). */
export function ConfirmDialog({ open, title, message, busy = false, onYes, onNo }: ConfirmDialogProps) {
  return (
    <Modal open={open} title={title} onClose={onNo}>
      {message && <p>{message}</p>}
      <div className="modal-actions">
        <button type="button" className="btn btn-danger" onClick={onYes} disabled={busy}>
          Yes
        </button>
        <button type="button" className="btn btn-outline" onClick={onNo} disabled={busy}>
          No
        </button>
      </div>
    </Modal>
  );
}
