//! The actix-web edge: sessions, driver choice, the SPA's JSON API, health and metrics.
