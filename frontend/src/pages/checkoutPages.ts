// The checkout's chunk: the checkout and an order's page, which follows it,
// loaded together, so their shared parts (the summary, the requests) are one file.
export { CheckoutPage } from "./CheckoutPage";
export { OrderPage } from "./OrderPage";
