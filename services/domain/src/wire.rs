//! `Driver` to and from the proto enum that carries it between services: the edge parses
//! the visitor's driver once, and every service turns the number it receives back into a
//! [`Driver`] here, refusing a request that names no driver.

use vitrine_proto::v1::Driver as WireDriver;

use crate::{Driver, DriverError};

impl From<Driver> for WireDriver {
    fn from(driver: Driver) -> Self {
        match driver {
            Driver::InMemory => Self::InMemory,
            Driver::Fake => Self::Fake,
            Driver::Magento => Self::Magento,
            Driver::MageOs => Self::Mageos,
            Driver::Shopify => Self::Shopify,
            Driver::Medusa => Self::Medusa,
        }
    }
}

/// The number a request's `driver` field holds.
impl From<Driver> for i32 {
    fn from(driver: Driver) -> Self {
        WireDriver::from(driver).into()
    }
}

impl TryFrom<WireDriver> for Driver {
    type Error = DriverError;

    /// # Errors
    /// [`DriverError::BadInput`] for `DRIVER_UNSPECIFIED` (a request that names no driver).
    fn try_from(driver: WireDriver) -> Result<Self, DriverError> {
        match driver {
            WireDriver::Unspecified => Err(DriverError::BadInput("the request names no driver".to_owned())),
            WireDriver::InMemory => Ok(Self::InMemory),
            WireDriver::Fake => Ok(Self::Fake),
            WireDriver::Magento => Ok(Self::Magento),
            WireDriver::Mageos => Ok(Self::MageOs),
            WireDriver::Shopify => Ok(Self::Shopify),
            WireDriver::Medusa => Ok(Self::Medusa),
        }
    }
}

/// A request's `driver` field as received: prost keeps unknown enum numbers as they came.
impl TryFrom<i32> for Driver {
    type Error = DriverError;

    /// # Errors
    /// [`DriverError::BadInput`] for 0 (no driver) and for numbers no driver has.
    fn try_from(number: i32) -> Result<Self, DriverError> {
        WireDriver::try_from(number)
            .map_err(|_| DriverError::BadInput(format!("unknown driver number {number}")))?
            .try_into()
    }
}

#[cfg(test)]
mod tests {
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
        ] {
            assert_eq!(WireDriver::from(driver), wire, "{driver}");
            assert_eq!(i32::from(driver), number, "{driver}");
            assert_eq!(Driver::try_from(wire), Ok(driver), "{driver}");
            assert_eq!(Driver::try_from(number), Ok(driver), "{driver}");
        }
        assert_eq!(Driver::ALL.len(), 6, "a new driver needs a row above");
    }

    #[test]
    fn no_driver_and_unknown_numbers_are_bad_input() {
        for (number, text) in [
            (0, "Bad request: the request names no driver"),
            (7, "Bad request: unknown driver number 7"),
            (-1, "Bad request: unknown driver number -1"),
            (i32::MAX, "Bad request: unknown driver number 2147483647"),
        ] {
            let err = Driver::try_from(number).expect_err("not a driver");
            assert_eq!(err.code(), tonic::Code::InvalidArgument, "{number}");
            assert_eq!(err.user_text(), text, "{number}");
        }
        assert!(Driver::try_from(WireDriver::Unspecified).is_err());
    }
}
