//! Vendure settings: the server's URL (its Shop API at `{url}/shop-api`), the channel's
//! token (the `vendure-token` header; the default channel needs none) and the language.

#[derive(Clone, PartialEq, Eq)]
pub struct VendureConfig {
    /// The server, e.g. `https://shop.example.com`.
    pub url: String,
    /// The channel's token: not a secret in Vendure's eyes (storefronts send it), but a
    /// deployment's detail, so kept out of logs like one.
    pub channel_token: Option<String>,
    /// The language the Shop API answers in (`languageCode`), e.g. `en`.
    pub language: Option<String>,
}

impl VendureConfig {
    #[must_use]
    pub fn new(url: &str) -> Self {
        Self { url: url.trim_end_matches('/').to_owned(), channel_token: None, language: None }
    }

    /// Where the operations are POSTed, with the language when one is set.
    #[must_use]
    pub fn shop_api_url(&self) -> String {
        match &self.language {
            Some(language) => format!("{}/shop-api?languageCode={}", self.url, urlencoding::encode(language)),
            None => format!("{}/shop-api", self.url),
        }
    }

    /// The headers every call carries.
    #[must_use]
    pub fn headers(&self) -> Vec<(String, String)> {
        self.channel_token.iter().map(|token| ("vendure-token".to_owned(), token.clone())).collect()
    }
}

/// Redacts the channel token.
impl std::fmt::Debug for VendureConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VendureConfig")
            .field("url", &self.url)
            .field("channel_token", &self.channel_token.as_ref().map(|_| "<redacted>"))
            .field("language", &self.language)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn url_headers_and_redaction() {
        let mut c = VendureConfig::new("https://v.test/");
        assert_eq!(c.shop_api_url(), "https://v.test/shop-api");
        assert!(c.headers().is_empty(), "the default channel needs no token");
        c.channel_token = Some("chan_secret".into());
        c.language = Some("de".into());
        assert_eq!(c.shop_api_url(), "https://v.test/shop-api?languageCode=de");
        assert_eq!(c.headers(), [("vendure-token".to_owned(), "chan_secret".to_owned())]);
        assert!(!format!("{c:?}").contains("chan_secret"));
    }
}
