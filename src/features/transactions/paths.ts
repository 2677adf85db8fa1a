/**
 * Where transaction monitoring's records open. The customer profile's route has no parameter in the spec
 * (section 2: /customer-profile), so the customer is named in its query: /customer-profile?customer_id=….
 */
export const transactionPath = (reference: string) => `/transaction-listing/${encodeURIComponent(reference)}`;
export const customerPath = (customerId: string) => `/customer-profile?customer_id=${encodeURIComponent(customerId)}`;
export const alertPath = (alertId: string) => `/alerts-details/${encodeURIComponent(alertId)}`;
export const casePath = (reference: string) => `/case/${encodeURIComponent(reference)}`;
