import { useMyOrders } from "../api/get-my-orders";
import { useBuyerProfile } from "../api/get-buyer-profile";

export interface ContactDefaults {
  userPhone: string;
  userAddress: string;
}

/**
 * The phone and address a new order starts with: those of the buyer's last order (the list is
 * newest first), else the profile's phone number and location. Null while they are being looked up,
 * and when there is nothing to start with; a failed lookup only means typing them in.
 */
export function useContactDefaults(email: string): ContactDefaults | null {
  const orders = useMyOrders(email);
  const noOrders = orders.isError || (orders.isSuccess && orders.data.length === 0);
  const profile = useBuyerProfile(email, { enabled: noOrders });
  const [last] = orders.data ?? [];
  if (last) return { userPhone: last.userPhone, userAddress: last.userAddress };
  if (noOrders && profile.data && (profile.data.number || profile.data.location)) {
    return { userPhone: profile.data.number, userAddress: profile.data.location };
  }
  return null;
}
