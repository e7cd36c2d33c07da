// The edge's JSON shapes, by friendly name. They are generated, not written: the edge's
// OpenAPI document (services/edge/openapi.json, itself generated from the Rust types)
// becomes openapi.gen.ts through `npm run api:generate`; `npm run api:check` (in
// scripts/test) fails when the two disagree.
import type { components } from "./openapi.gen";

type Schemas = components["schemas"];

export type Image = Schemas["Image"];
export type Discount = Schemas["Discount"];
export type Product = Schemas["Product"];
export type ProductResponse = Schemas["ProductResponse"];
export type Breadcrumb = Schemas["Breadcrumb"];
export type NavigationNode = Schemas["NavigationNode"];
export type RouteData = Schemas["RouteData"];
export type Outcome = Schemas["Outcome"];
export type RouteKind = Schemas["RouteKind"];
export type Resolution = Schemas["Resolution"];
export type DriverOption = Schemas["DriverOption"];
export type DriverInfo = Schemas["DriverInfo"];
export type ErrorBody = Schemas["ErrorBody"];
export type Sort = Schemas["Sort"];
export type ProductPage = Schemas["ProductPage"];
export type CategoryLink = Schemas["CategoryLink"];
export type Category = Schemas["Category"];
export type CategoryPage = Schemas["CategoryPage"];
export type ContentPage = Schemas["ContentPage"];
export type PageData = Schemas["PageData"];
export type PageHead = Schemas["PageHead"];
export type HeadAnswer = Schemas["HeadAnswer"];
export type ErrorDetail = Schemas["ErrorDetail"];
export type ImageWidth = Schemas["ImageWidth"];
export type Cart = Schemas["Cart"];
export type CartLine = Schemas["CartLine"];
export type AddLine = Schemas["AddLine"];
export type LineQuantity = Schemas["LineQuantity"];
export type Comparison = Schemas["Comparison"];
export type BackendTimes = Schemas["BackendTimes"];
export type KindTimes = Schemas["KindTimes"];
export type FaultsSetting = Schemas["FaultsSetting"];
export type FaultsState = Schemas["FaultsState"];
export type DebugInfo = Schemas["DebugInfo"];
export type Checkout = Schemas["Checkout"];
export type CheckoutKind = Schemas["CheckoutKind"];
export type Address = Schemas["Address"];
export type AddressStep = Schemas["AddressStep"];
export type Country = Schemas["Country"];
export type Region = Schemas["Region"];
export type ShippingOption = Schemas["ShippingOption"];
export type ShippingOptions = Schemas["ShippingOptions"];
export type ShippingChoice = Schemas["ShippingChoice"];
export type Totals = Schemas["Totals"];
export type Order = Schemas["Order"];
export type FieldError = Schemas["FieldError"];
