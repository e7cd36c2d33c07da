use super::*;

/// Every variant with its exact status, code and text: the table, checked row by row.
#[test]
fn every_variant_has_its_status_code_and_text() {
    let text = |s: &str| s.to_owned();
    let cases = [
        (ApiError::UrlMissing, 400, "bad_request", text("The url query parameter is required.")),
        (ApiError::UrlTooLong, 400, "bad_request", text("The url is too long.")),
        (ApiError::LimitTooLarge { max: 100 }, 400, "bad_request", text("limit may be at most 100.")),
        (
            ApiError::SearchQueryMissing,
            400,
            "bad_request",
            text("The q query parameter must hold the words to search for."),
        ),
        (ApiError::InvalidBody, 400, "bad_request", text(r#"The body must be JSON like {"driver": "in-memory"}."#)),
        (ApiError::InvalidQuery, 400, "bad_request", text("The query string is not valid for this route.")),
        (ApiError::NoSuchRoute, 404, "not_found", text("There is no such API route.")),
        (ApiError::NotFound(text("Not found: product 9")), 404, "not_found", text("Not found: product 9")),
        (ApiError::BadInput(text("Bad request: x")), 400, "bad_request", text("Bad request: x")),
        (
            ApiError::DriverUnavailable(text("Client has not been defined yet")),
            503,
            "driver_unavailable",
            text("Client has not been defined yet"),
        ),
        (ApiError::DebugToolsOff, 404, "not_found", text("The debug tools are off on this site.")),
        (
            ApiError::FaultsInvalid,
            400,
            "bad_request",
            text("Faults need a backend, latency_ms from 0 to 5000, error_percent from 0 to 100 and timeout."),
        ),
        (
            ApiError::ComparisonRunning,
            409,
            "comparison_running",
            text("Your comparison is still running; wait for it."),
        ),
        (
            ApiError::TooManyComparisons,
            429,
            "too_many_requests",
            text("Too many comparisons from this address; wait a minute, then try again."),
        ),
        (ApiError::UpstreamTimeout, 504, "upstream_timeout", text("The backend did not answer in time.")),
        (ApiError::UpstreamUnavailable, 502, "upstream_unavailable", text("The backend is unavailable.")),
        (
            ApiError::TooManySwitches,
            429,
            "too_many_requests",
            text("Too many driver switches; wait a minute, then try again."),
        ),
        (
            ApiError::TooManyStreams,
            429,
            "too_many_requests",
            text("Too many open event streams for this session; close a tab, then reload."),
        ),
        (
            ApiError::StreamsFull,
            503,
            "unavailable",
            text("The edge serves as many event streams as it can; try again later."),
        ),
        (ApiError::DriverNotSaved, 503, "unavailable", text("The driver could not be saved; nothing was switched.")),
        (
            ApiError::TooManyReads,
            429,
            "too_many_requests",
            text("Too many requests from this session or address; try again in a minute."),
        ),
        (
            ApiError::SessionNotForgotten,
            503,
            "unavailable",
            text("The session could not be forgotten; nothing was removed. Try again."),
        ),
        (ApiError::EncodingFailed, 503, "unavailable", text("The answer could not be encoded.")),
        (ApiError::ImageSrcMissing, 400, "bad_request", text("The src query parameter is required.")),
        (ApiError::ImageSrcNotAbsolute, 400, "bad_request", text("src must be an absolute URL.")),
        (ApiError::ImageSrcNotHttp, 400, "bad_request", text("src must be an http or https URL.")),
        (ApiError::ImageWidthNotOffered, 400, "bad_request", text("w must be one of 256, 512, 768.")),
        (ApiError::ImageQualityFixed, 400, "bad_request", text("q is fixed at 25; leave it out or send 25.")),
        (
            ApiError::ImageSourceNotAllowed,
            403,
            "forbidden",
            text("Images are served from the configured backends' image paths only."),
        ),
        (ApiError::ImageNotFound, 404, "not_found", text("No such image.")),
        (ApiError::ImageFetchFailed, 502, "upstream_unavailable", text("The image could not be fetched.")),
        (ApiError::ImageTooLarge, 502, "upstream_unavailable", text("The image is too large.")),
        (
            ApiError::ImageDimensionsTooLarge { max: 4096 },
            502,
            "upstream_unavailable",
            text("The image is larger than 4096 × 4096 pixels, the most this service decodes."),
        ),
        (ApiError::ImageBusy, 503, "unavailable", text("The image service is busy; try again shortly.")),
        (ApiError::ImageNotProcessed, 502, "upstream_unavailable", text("The image could not be processed.")),
        (
            ApiError::ImageUndecodable,
            502,
            "upstream_unavailable",
            text("The source is not an image this service can read."),
        ),
        (ApiError::SitemapPageNotFound, 404, "not_found", text("There is no such sitemap page.")),
        (ApiError::SitemapUnavailable, 503, "unavailable", text("The sitemap cannot be built now; try again later.")),
        (ApiError::CrossSite, 403, "forbidden", text("Changes can only be made from this site.")),
        (ApiError::InvalidFields(Vec::new()), 400, "invalid_fields", text("Some fields need attention:")),
        (
            ApiError::NoCheckout("This shop has no checkout.".into()),
            409,
            "no_checkout",
            text("This shop has no checkout."),
        ),
        (
            ApiError::OrderInFlight,
            409,
            "order_in_flight",
            text("Your order is being placed; wait a moment, then look at your orders."),
        ),
        (ApiError::NoSuchOrder, 404, "not_found", text("There is no such order in this session.")),
    ];
    for (error, status, code, message) in cases {
        let (s, c, m) = error.parts();
        assert_eq!((s.as_u16(), c, m.as_ref()), (status, code, message.as_str()), "{error:?}");
        let body = error.body();
        assert_eq!((body.error.code.as_str(), body.error.message), (code, message), "{error:?}");
        assert_eq!(error.status_code().as_u16(), status, "{error:?}");
    }
}

#[test]
fn statuses_map_to_variants_once() {
    for (code, message, expected) in [
        (Code::NotFound, "Not found: product 9", ApiError::NotFound("Not found: product 9".into())),
        (Code::InvalidArgument, "Bad request: x", ApiError::BadInput("Bad request: x".into())),
        (
            Code::FailedPrecondition,
            "Client has not been defined yet",
            ApiError::DriverUnavailable("Client has not been defined yet".into()),
        ),
        (Code::DeadlineExceeded, "deadline", ApiError::UpstreamTimeout),
        // issue 23: a cart refusal's text is the shopper's, written by the adapter
        // (`DriverError::Refused`), never an upstream body: it is passed on.
        (Code::Aborted, "That variant is out of stock.", ApiError::CartRefused("That variant is out of stock.".into())),
        (Code::Unavailable, "tcp connect error 10.0.0.1", ApiError::UpstreamUnavailable),
        (Code::Internal, "panic at x.rs", ApiError::UpstreamUnavailable),
        (Code::Unknown, "transport error", ApiError::UpstreamUnavailable),
    ] {
        assert_eq!(ApiError::from(tonic::Status::new(code, message)), expected, "{code:?}");
    }
}

/// issue 26: refused fields and a backend without checkout travel in a status's details.
#[test]
fn checkout_statuses_keep_their_details() {
    use vitrine_domain::checkout::{CheckoutField, FieldError, Problem, Role};
    let refused = DriverError::InvalidFields(vec![FieldError {
        role: Some(Role::Billing),
        field: CheckoutField::Region,
        problem: Problem::Unknown,
    }]);
    let error = ApiError::from(refused.to_status());
    let json = serde_json::to_value(error.body()).unwrap_or_default();
    assert_eq!(json["error"]["code"], "invalid_fields");
    assert_eq!(json["error"]["fields"][0]["field"], "billing.region");
    assert_eq!(json["error"]["fields"][0]["text"], "Choose a state or province of the country from the list.");
    let none = ApiError::from(DriverError::NoCheckout("This shop has no checkout.".into()));
    assert_eq!(none, ApiError::NoCheckout("This shop has no checkout.".into()));
    // Every other error's body has no `fields` at all.
    let plain = serde_json::to_value(ApiError::NoSuchOrder.body()).unwrap_or_default();
    assert!(plain["error"].get("fields").is_none(), "{plain}");
}

#[test]
fn internal_details_of_a_status_never_reach_the_body() {
    for code in [Code::Unavailable, Code::Internal, Code::Unknown, Code::DeadlineExceeded] {
        let body = ApiError::from(tonic::Status::new(code, "store: redis 10.0.0.7:6379 refused")).body();
        let json = serde_json::to_string(&body).expect("json");
        assert!(!json.contains("10.0.0.7") && !json.contains("store:"), "{code:?}: {json}");
    }
}

#[test]
fn domain_errors_take_the_same_path() {
    let e = ApiError::from(DriverError::NotConfigured(vitrine_domain::Backend::Magento));
    assert_eq!(e, ApiError::DriverUnavailable("Client has not been defined yet (backend: magento).".into()));
    assert_eq!(ApiError::from(DriverError::Network("10.0.0.1".into())), ApiError::UpstreamUnavailable);
}
