use super::*;

#[test]
fn only_reported_drivers_that_need_a_report_change() {
    let availability = Availability::default();
    let enabled = |a: &Availability| Driver::ALL.into_iter().filter(|d| a.enabled(*d)).collect::<Vec<_>>();
    let always = [Driver::InMemory, Driver::Fake, Driver::Magento, Driver::MageOs, Driver::Shopify];
    assert_eq!(enabled(&availability), always, "before any report");
    availability.record(&[i32::from(Driver::InMemory), i32::from(Driver::Medusa), 99]);
    let with_medusa: Vec<Driver> = always.into_iter().chain([Driver::Medusa]).collect();
    assert_eq!(enabled(&availability), with_medusa, "medusa reported");
    availability.record(&[i32::from(Driver::Vendure)]);
    assert_eq!(
        enabled(&availability),
        always.into_iter().chain([Driver::Vendure]).collect::<Vec<_>>(),
        "vendure reported"
    );
    availability.record(&[]);
    assert_eq!(enabled(&availability), always, "medusa no longer reported");
}
