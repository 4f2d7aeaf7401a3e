import { useState } from "react";
import { toast } from "react-toastify";
import type { Tool } from "@api/tools/tools.schemas";
import { Modal } from "@/components/ui/modal";
import { usePlaceOrder } from "../api/place-order";
import { useContactDefaults } from "../lib/use-contact-defaults";
import { OrderForm, orderTotal } from "./order-form";

interface PlaceOrderModalProps {
  tool: Tool;
  userName: string;
  userEmail: string;
}

/** The Place Order button of a tool's page and the order form it opens. */
export function PlaceOrderModal({ tool, userName, userEmail }: PlaceOrderModalProps) {
  const [open, setOpen] = useState(false);
  // One key per opening of the form: a retry of the same submission cannot order twice.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const placeOrder = usePlaceOrder();
  // Looked up with the tool's page, so the form usually opens with them already in.
  const contact = useContactDefaults(userEmail);

  const close = () => setOpen(false);

  return (
    <>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => {
          setIdempotencyKey(crypto.randomUUID());
          setOpen(true);
        }}
        disabled={tool.aq < tool.moq}
      >
        Place Order
      </button>
      {tool.aq < tool.moq && <p className="field-hint">Out of stock</p>}
      <Modal open={open} title={`Place Order: ${tool.name}`} onClose={close}>
        <OrderForm
          tool={tool}
          userName={userName}
          userEmail={userEmail}
          contact={contact}
          onSubmit={async ({ userPhone, userAddress, quantityAmount }) => {
            await placeOrder.mutateAsync({
              idempotencyKey,
              body: {
                toolId: tool._id,
                toolName: tool.name,
                userName,
                userEmail,
                userPhone,
                userAddress,
                quantityAmount,
                toolPrice: orderTotal(quantityAmount, tool.price),
              },
            });
            toast.success(`${tool.name} is ordered`);
            close();
          }}
        />
      </Modal>
    </>
  );
}
