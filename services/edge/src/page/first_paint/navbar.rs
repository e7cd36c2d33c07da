//! The navigation bar as the SPA's `NavBar` first renders it: the store's name, the
//! hamburger (shown below 768px), the menu from the inlined `/api/navigation` answer (or
//! "Loading..." without one, as React shows then) and the search box, a plain GET form
//! that works before any script. Every part is there so each one sits where React puts
//! it: below 768px the bar spreads its items, so a missing one moves the others.

use super::{link, link_item};
use crate::dto::NavigationNode;
use crate::markup::escape;

/// `SearchForm`'s bounds: the edge's query limit (issue 10).
const MAX_QUERY_CHARS: usize = vitrine_domain::listing::MAX_QUERY_CHARS;

/// The menu's items: the root's children (the top level) with each one's children in a
/// dropdown.
fn items(menu: Option<&NavigationNode>) -> String {
    let Some(menu) = menu else { return "<li class=\"menu-status\">Loading...</li>".to_owned() };
    menu.children
        .iter()
        .map(|top| {
            if top.children.is_empty() {
                return link_item(&top.url, &top.name);
            }
            let link = link(&top.url, &top.name);
            let children: String = top.children.iter().map(|c| link_item(&c.url, &c.name)).collect();
            format!(
                "<li class=\"has-children\">{link}<ul class=\"dropdown\" aria-label=\"{} subcategories\">{children}</ul></li>",
                escape(&top.name)
            )
        })
        .collect()
}

/// The search box; on the search page it holds the words searched for.
fn search_form(words: &str) -> String {
    format!(
        "<form class=\"search-form\" role=\"search\" action=\"/search\" method=\"get\">\
<label for=\"search-box\" class=\"visually-hidden\">Search products</label>\
<input id=\"search-box\" type=\"search\" name=\"q\" value=\"{}\" maxlength=\"{MAX_QUERY_CHARS}\" placeholder=\"Search products\" autocomplete=\"off\" enterkeyhint=\"search\">\
<button type=\"submit\" aria-label=\"Search\"><svg viewBox=\"0 0 24 24\" width=\"20\" height=\"20\" aria-hidden=\"true\" focusable=\"false\">\
<circle cx=\"10.5\" cy=\"10.5\" r=\"6.5\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2.2\"></circle>\
<path d=\"M15.5 15.5 21 21\" stroke=\"currentColor\" stroke-width=\"2.2\" stroke-linecap=\"round\"></path></svg></button></form>",
        escape(words)
    )
}

/// The bar. `words`: the search page's words, empty elsewhere.
pub(crate) fn navbar(menu: Option<&NavigationNode>, words: &str) -> String {
    format!(
        "<header class=\"navbar\"><div class=\"navbar-inner\"><a href=\"/\" class=\"brand\">Vitrine</a>\
<button type=\"button\" class=\"hamburger\" aria-label=\"Open menu\" aria-expanded=\"false\" aria-controls=\"main-menu\"><span aria-hidden=\"true\"></span></button>\
<nav id=\"main-menu\" class=\"menu\" aria-label=\"Categories\"><ul class=\"menu-list\">{}</ul></nav>{}</div></header>",
        items(menu),
        search_form(words)
    )
}
