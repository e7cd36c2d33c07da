//! `Driver` to and from the proto enum that carries it between services: the edge parses
//! the visitor's driver once, and every service turns the number it receives back into a
//! [`Driver`] here, refusing a request that names no driver.

use vitrine_proto::v1::Driver as WireDriver;

use crate::{Driver, DriverError};

/// The proto enum's name of a driver: `DRIVER_` + its value uppercased, `-` → `_`
/// (`in-memory` → `DRIVER_IN_MEMORY`). The two enums meet by name, so this file names no
/// backend: a new driver needs its domain value and its proto value, nothing here.
fn wire_name(driver: Driver) -> String {
    format!("DRIVER_{}", driver.as_str().to_ascii_uppercase().replace('-', "_"))
}

impl From<Driver> for WireDriver {
    /// A driver without its proto value travels as `DRIVER_UNSPECIFIED`, which every
    /// service refuses; the table test in `wire/tests.rs` keeps that from happening.
    fn from(driver: Driver) -> Self {
        Self::from_str_name(&wire_name(driver)).unwrap_or(Self::Unspecified)
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
        Self::ALL
            .into_iter()
            .find(|d| wire_name(*d) == driver.as_str_name())
            .ok_or_else(|| DriverError::BadInput("the request names no driver".to_owned()))
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
mod tests;
