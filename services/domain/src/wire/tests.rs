use super::*;

/// Every driver, the proto value it travels as, and back.
#[test]
fn every_driver_has_its_wire_value_and_round_trips() {
    for (driver, wire, number) in [
        (Driver::InMemory, WireDriver::InMemory, 1),
        (Driver::Fake, WireDriver::Fake, 2),
        (Driver::Magento, WireDriver::Magento, 3),
        (Driver::MageOs, WireDriver::Mageos, 4),
        (Driver::Shopify, WireDriver::Shopify, 5),
        (Driver::Medusa, WireDriver::Medusa, 6),
        (Driver::Vendure, WireDriver::Vendure, 7),
    ] {
        assert_eq!(WireDriver::from(driver), wire, "{driver}");
        assert_eq!(i32::from(driver), number, "{driver}");
        assert_eq!(Driver::try_from(wire), Ok(driver), "{driver}");
        assert_eq!(Driver::try_from(number), Ok(driver), "{driver}");
    }
    assert_eq!(Driver::ALL.len(), 7, "a new driver needs a row above");
}

#[test]
fn no_driver_and_unknown_numbers_are_bad_input() {
    for (number, text) in [
        (0, "Bad request: the request names no driver"),
        (8, "Bad request: unknown driver number 8"),
        (-1, "Bad request: unknown driver number -1"),
        (i32::MAX, "Bad request: unknown driver number 2147483647"),
    ] {
        let err = Driver::try_from(number).expect_err("not a driver");
        assert_eq!(err.code(), tonic::Code::InvalidArgument, "{number}");
        assert_eq!(err.user_text(), text, "{number}");
    }
    assert!(Driver::try_from(WireDriver::Unspecified).is_err());
}

#[test]
fn wire_names_are_the_values_in_capitals() {
    for (driver, name) in
        [(Driver::InMemory, "DRIVER_IN_MEMORY"), (Driver::MageOs, "DRIVER_MAGEOS"), (Driver::Shopify, "DRIVER_SHOPIFY")]
    {
        assert_eq!(wire_name(driver), name);
    }
}
