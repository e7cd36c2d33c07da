use super::*;
use crate::checkout::{CheckoutField, Problem, Role};

/// Every case, with the code it travels as, its exact user text and its label.
#[test]
fn every_case_has_its_code_and_text() {
    let cases = [
        (DriverError::NotFound("product 7".into()), Code::NotFound, "Not found: product 7", "not_found"),
        (DriverError::NoProduct, Code::NotFound, "The platform did not respond with a product.", "no_product"),
        (
            DriverError::UpstreamStatus(503),
            Code::Unavailable,
            "The backend answered with HTTP status 503.",
            "upstream_status",
        ),
        (
            DriverError::Network("connection refused 10.0.0.1".into()),
            Code::Unavailable,
            "The backend could not be reached.",
            "network",
        ),
        (DriverError::Timeout, Code::DeadlineExceeded, "The backend did not answer in time.", "timeout"),
        (DriverError::TooLarge(8), Code::Unavailable, "The backend's answer was larger than allowed.", "too_large"),
        (
            DriverError::Undecodable("expected value at line 1".into()),
            Code::Unavailable,
            "The backend answered with something that is not a valid response.",
            "undecodable",
        ),
        (
            DriverError::GraphQl("secret internals".into()),
            Code::Unavailable,
            "The backend reported an error.",
            "graphql_error",
        ),
        (
            DriverError::Disabled(Driver::Medusa),
            Code::FailedPrecondition,
            "The medusa driver is coming soon; it cannot be used yet.",
            "disabled",
        ),
        (
            DriverError::NotConfigured(Backend::Shopify),
            Code::FailedPrecondition,
            "Client has not been defined yet (backend: shopify).",
            "not_configured",
        ),
        (
            DriverError::AlreadyDefined(Backend::Magento),
            Code::FailedPrecondition,
            "Client has been already defined (backend: magento).",
            "already_defined",
        ),
        (DriverError::BadInput("empty id".into()), Code::InvalidArgument, "Bad request: empty id", "bad_input"),
        (
            DriverError::KeyRefused(Backend::Medusa, "VITRINE_MEDUSA_PUBLISHABLE_KEY"),
            Code::FailedPrecondition,
            "The medusa backend refused this site's key: check VITRINE_MEDUSA_PUBLISHABLE_KEY (the value is never \
             shown or logged).",
            "key_refused",
        ),
        (DriverError::CartGone, Code::NotFound, "The cart is no longer known to the backend.", "cart_gone"),
        (DriverError::Refused("Only 2 left in stock.".into()), Code::Aborted, "Only 2 left in stock.", "refused"),
        (
            DriverError::InvalidFields(vec![
                FieldError { role: None, field: CheckoutField::Email, problem: Problem::Malformed },
                FieldError { role: Some(Role::Billing), field: CheckoutField::City, problem: Problem::Missing },
            ]),
            Code::InvalidArgument,
            "Some fields need attention: Enter an email address like name@example.com Enter a town or city.",
            "invalid_fields",
        ),
        (
            DriverError::NoCheckout("This shop has no checkout.".into()),
            Code::FailedPrecondition,
            "This shop has no checkout.",
            "no_checkout",
        ),
        (
            DriverError::CheckoutGone,
            Code::NotFound,
            "There is no cart to check out: it was ordered, or it expired.",
            "checkout_gone",
        ),
    ];
    for (error, code, text, kind) in cases {
        assert_eq!(error.kind(), kind, "{error:?}");
        let status = error.to_status();
        assert_eq!(status.code(), code, "{error:?}");
        assert_eq!(status.message(), text, "{error:?}");
    }
}

#[test]
fn internals_never_reach_the_text() {
    for e in [
        DriverError::Network("10.1.2.3:443 refused".into()),
        DriverError::Undecodable("<html>secret</html>".into()),
        DriverError::GraphQl("token abc".into()),
    ] {
        let text = e.user_text();
        assert!(!text.contains("10.1.2.3") && !text.contains("secret") && !text.contains("abc"), "{text}");
    }
}

#[test]
fn refused_fields_travel_in_the_details_by_name_never_by_value() {
    let error = DriverError::InvalidFields(vec![FieldError {
        role: Some(Role::Shipping),
        field: CheckoutField::PostalCode,
        problem: Problem::Malformed,
    }]);
    assert_eq!(error.to_string(), "invalid checkout fields: shipping.postal_code");
    let fields = checkout::field_errors(&error.to_status());
    assert_eq!(
        fields.iter().map(|f| (f.field.as_str(), f.text.as_str())).collect::<Vec<_>>(),
        [("shipping.postal_code", "Enter a postal code of 2 to 12 letters, digits, spaces or hyphens.")]
    );
    assert!(checkout::field_errors(&DriverError::CartGone.to_status()).is_empty());
}

#[test]
fn no_checkout_is_told_from_an_unusable_driver() {
    let none = DriverError::NoCheckout(checkout::NO_CHECKOUT.into()).to_status();
    assert!(is_no_checkout(&none));
    assert_eq!(none.message(), checkout::NO_CHECKOUT);
    for other in
        [DriverError::Disabled(Driver::Shopify), DriverError::NotConfigured(Backend::Medusa), DriverError::CartGone]
    {
        assert!(!is_no_checkout(&other.to_status()), "{other:?}");
    }
}
