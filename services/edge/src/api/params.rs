//! The API's string query parameters, read by hand: each handler's parameters are the
//! first value of each name in the query, decoded as a form is (`+` a space, `%XX` a
//! byte). serde's pass over the query cost a warm answer about 2,000 instructions,
//! more than the rest of its handler, and a second extractor read the string again.

/// The first value of each of `names` in `query`; `None` for a name it does not hold.
pub(super) fn first<const N: usize>(query: &str, names: [&str; N]) -> [Option<String>; N] {
    let mut found = [const { None }; N];
    for (name, value) in form_urlencoded::parse(query.as_bytes()) {
        if let Some(i) = names.iter().position(|n| *n == name) {
            found[i].get_or_insert_with(|| value.into_owned());
        }
    }
    found
}

/// Implements [`FromRequest`] for a struct of `Option<String>` fields, each the query
/// parameter of its name ([`first`]), or for a pair of such structs read in one pass
/// (`Pair(A { .. }, B { .. })`); reading one never fails.
macro_rules! from_query {
    ($ty:ident { $($field:ident),+ $(,)? }) => {
        impl actix_web::FromRequest for $ty {
            type Error = actix_web::Error;
            type Future = std::future::Ready<Result<Self, Self::Error>>;

            fn from_request(req: &actix_web::HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
                let [$($field),+] = $crate::api::params::first(req.query_string(), [$(stringify!($field)),+]);
                std::future::ready(Ok(Self { $($field),+ }))
            }
        }
    };
    // Two structs read in one pass over the query, as a tuple struct of them.
    ($pair:ident($a:ident { $($af:ident),+ $(,)? }, $b:ident { $($bf:ident),+ $(,)? })) => {
        pub(crate) struct $pair($a, $b);

        impl actix_web::FromRequest for $pair {
            type Error = actix_web::Error;
            type Future = std::future::Ready<Result<Self, Self::Error>>;

            fn from_request(req: &actix_web::HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
                let [$($af,)+ $($bf),+] =
                    $crate::api::params::first(req.query_string(), [$(stringify!($af),)+ $(stringify!($bf)),+]);
                std::future::ready(Ok(Self($a { $($af),+ }, $b { $($bf),+ })))
            }
        }
    };
}
pub(super) use from_query;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_name_is_its_first_value_decoded() {
        let s = |v: &str| Some(v.to_owned());
        for (query, expected) in [
            ("", [None, None]),
            ("other=1", [None, None]),
            ("url=/c&page=2", [s("/c"), s("2")]),
            ("page=%32&url=%2Fa%20b", [s("/a b"), s("2")]),
            ("url=a+b&url=c&page=3&page=4", [s("a b"), s("3")]),
            ("url&page=", [s(""), s("")]),
            ("URL=/c", [None, None]),
            ("url=%ZZ", [s("%ZZ"), None]),
        ] {
            assert_eq!(first(query, ["url", "page"]), expected, "{query}");
        }
    }
}
