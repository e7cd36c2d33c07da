//! Known crawlers: a crawler runs no script, so a page that goes out as the
//! plain shell (its data later than the head budget) is an empty page with the site's
//! generic title to it. Its page waits for the data instead (`Config::crawler_head_budget`).
//! Pure: the request's `User-Agent` only.

/// Words of the user agents of the crawlers that index or preview pages, lower case.
const CRAWLERS: [&str; 18] = [
    "googlebot",
    "google-inspectiontool",
    "storebot-google",
    "bingbot",
    "duckduckbot",
    "yandexbot",
    "baiduspider",
    "applebot",
    "slurp",
    "petalbot",
    "seznambot",
    "facebookexternalhit",
    "twitterbot",
    "linkedinbot",
    "slackbot",
    "discordbot",
    "whatsapp",
    "telegrambot",
];

/// Whether `user_agent` is a known crawler's.
pub(crate) fn is_crawler(user_agent: &str) -> bool {
    // User agents are short; a hostile long one is cut before it is looked through.
    let agent: String = user_agent.chars().take(512).collect::<String>().to_ascii_lowercase();
    CRAWLERS.iter().any(|word| agent.contains(word))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crawlers_are_told_from_browsers() {
        for (agent, crawler) in [
            ("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", true),
            (
                "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) \
                 Chrome/120.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
                true,
            ),
            ("Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", true),
            ("DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)", true),
            ("facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)", true),
            ("Twitterbot/1.0", true),
            (
                "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
                false,
            ),
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari",
                false,
            ),
            ("Mozilla/5.0 (Linux; Android 11; moto g power) Chrome-Lighthouse", false),
            ("curl/8.5.0", false),
            ("", false),
        ] {
            assert_eq!(is_crawler(agent), crawler, "{agent}");
        }
        assert!(!is_crawler(&format!("{}googlebot", "x".repeat(600))), "only the first 512 characters are read");
    }
}
