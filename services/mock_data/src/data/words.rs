//! Word lists for the generated sample data. Filler only (the spec's "Mock-only sample
//! data"): none of these are real products, brands or places.

pub(crate) const ADJECTIVES: &[&str] = &[
    "Elegant",
    "Ergonomic",
    "Fantastic",
    "Handcrafted",
    "Incredible",
    "Modern",
    "Recycled",
    "Refined",
    "Rustic",
    "Sleek",
    "Soft",
    "Tasty",
    "Gorgeous",
    "Practical",
    "Intelligent",
    "Licensed",
    "Small",
    "Awesome",
];

pub(crate) const MATERIALS: &[&str] = &[
    "Bronze", "Plastic", "Aluminum", "Metal", "Bamboo", "Ceramic", "Granite", "Wooden", "Cotton", "Rubber", "Steel",
    "Concrete", "Fresh", "Frozen", "Marble", "Linen",
];

pub(crate) const PRODUCTS: &[&str] = &[
    "Soap", "Gloves", "Pants", "Keyboard", "Cheese", "Bike", "Chair", "Table", "Computer", "Chips", "Shirt",
    "Sausages", "Hat", "Shoes", "Lamp", "Towels", "Ball", "Mouse", "Car", "Salad", "Bacon", "Pizza", "Fish", "Tuna",
];

pub(crate) const DEPARTMENTS: &[&str] = &[
    "Books",
    "Movies",
    "Music",
    "Games",
    "Electronics",
    "Computers",
    "Home",
    "Garden",
    "Tools",
    "Grocery",
    "Health",
    "Beauty",
    "Toys",
    "Kids",
    "Baby",
    "Clothing",
    "Shoes",
    "Jewelery",
    "Sports",
    "Outdoors",
    "Automotive",
    "Industrial",
];

pub(crate) const SURNAMES: &[&str] = &[
    "Hartmann",
    "Kovacs",
    "Okafor",
    "Lindqvist",
    "Moreau",
    "Tanaka",
    "Castillo",
    "Novak",
    "Whitfield",
    "Rahman",
    "Bianchi",
    "Fischer",
    "Olsen",
    "Duarte",
];

pub(crate) const COMPANY_SUFFIXES: &[&str] = &["Group", "and Sons", "LLC", "Inc", "Works", "Trading", "Supply"];

pub(crate) const LOREM: &[&str] = &[
    "lorem",
    "ipsum",
    "dolor",
    "sit",
    "amet",
    "consectetur",
    "adipiscing",
    "elit",
    "sed",
    "do",
    "eiusmod",
    "tempor",
    "incididunt",
    "labore",
    "dolore",
    "magna",
    "aliqua",
    "enim",
    "minim",
    "veniam",
    "quis",
    "nostrud",
    "exercitation",
];

pub(crate) const FEATURES: &[&str] = &[
    "built to last through years of daily use",
    "designed with comfort and balance in mind",
    "finished by hand in a small workshop",
    "made from responsibly sourced materials",
    "light enough to carry anywhere",
    "easy to clean and simple to maintain",
    "tested in the harshest conditions",
    "a quiet classic that suits any room",
];

/// Filler for the generic collections (airline, airplane, airport and name lists).
pub(crate) const AIRLINES: &[(&str, &str)] = &[
    ("Aurora Air", "AU"),
    ("Blue Meridian", "BM"),
    ("Cobalt Wings", "CW"),
    ("Dune Airways", "DA"),
    ("Everstar", "ES"),
];

pub(crate) const AIRPORTS: &[(&str, &str)] = &[
    ("Northfield International", "NFI"),
    ("Harbor City", "HBC"),
    ("Lakeside Regional", "LKR"),
    ("Summit Valley", "SMV"),
];

pub(crate) const AIRPLANES: &[&str] = &["Skylark 200", "Condor 7", "Heron Jet", "Petrel 45"];

pub(crate) const FIRST_NAMES: &[&str] = &["Ada", "Bea", "Cyril", "Dara", "Emil", "Farah", "Gus", "Hana"];
