import { useState } from "react";
import type { StockMovementMade, Tool } from "@api/tools/tools.schemas";
import { Modal } from "@/components/ui/modal";
import { errorMessage } from "@/lib/api-client";
import { useMoveStock } from "../api/move-stock";
import { StockMovementForm } from "./stock-movement-form";

interface RestockDialogProps {
  /** The tool whose stock is moved; null while the dialog is closed. */
  tool: Tool | null;
  onClose: () => void;
}

const unitsOf = (count: number) => (count === 1 ? "1 unit" : `${count} units`);

function movedSentence({ movement, aq }: StockMovementMade) {
  const units = unitsOf(Math.abs(movement.quantity));
  const moved = movement.kind === "correction" ? `Took ${units} off the shelf.` : `Put ${units} on the shelf.`;
  return `${moved} Available quantity is now ${unitsOf(aq)}.`;
}

/** Manage Tools' Restock: a restock or a correction in a modal, which then shows the stock it left. */
export function RestockDialog({ tool, onClose }: RestockDialogProps) {
  const moveStock = useMoveStock();
  const [made, setMade] = useState<StockMovementMade | null>(null);
  const close = () => {
    moveStock.reset();
    setMade(null);
    onClose();
  };

  return (
    <Modal open={tool !== null} title={tool ? `Restock ${tool.name}` : "Restock"} onClose={close}>
      {tool && (
        <>
          <p>
            Available quantity: <strong>{unitsOf(made?.aq ?? tool.aq)}</strong>
            {" · "}Minimum order quantity: {unitsOf(tool.moq)}
          </p>
          <p role="status" className="stock-moved">
            {made && movedSentence(made)}
          </p>
          {moveStock.error && (
            <p role="alert" className="text-error">
              {errorMessage(moveStock.error)}
            </p>
          )}
          <StockMovementForm
            key={tool._id}
            onSubmit={async (movement) => {
              setMade(null);
              setMade(await moveStock.mutateAsync({ id: tool._id, body: movement }));
            }}
          />
        </>
      )}
    </Modal>
  );
}
