//! The built SPA as the edge serves it: its `index.html` (the shell every page is written
//! into) and the names at its top level (the files a request may name). Read again when
//! the build replaces `index.html` (a rebuild while the demo runs must not serve pages
//! naming assets that are gone), which is looked at no more than once a second: a page
//! request costs no file-system call (checking on every request, and letting the
//! file service try every page's address as a file first, were a fifth of a cached page's
//! time, measured with `scripts/profile-edge`).

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant, SystemTime};

use super::shell::Shell;

/// How often the build is looked at again.
const LOOK_AGAIN: Duration = Duration::from_secs(1);

pub(crate) struct Build {
    dir: PathBuf,
    read: Mutex<Read>,
}

/// The build as last read.
#[derive(Default)]
struct Read {
    /// When it was last looked at.
    looked: Option<Instant>,
    /// `index.html`'s modification time then.
    modified: Option<SystemTime>,
    shell: Option<Arc<Shell>>,
    /// The names at the build's top level (files and folders): a handful, which every
    /// page's address is compared with (in turn, cheaper than hashing the address).
    names: Vec<String>,
}

impl Build {
    pub(crate) fn new(dir: &Path) -> Self {
        Self { dir: dir.to_owned(), read: Mutex::new(Read::default()) }
    }

    /// The shell as the build now has it; `None` without an `index.html`.
    pub(crate) fn shell(&self) -> Option<Arc<Shell>> {
        self.now(|read| read.shell.clone())
    }

    /// Whether `path` (a request's) names something in the build: its first segment is
    /// a name at the build's top level.
    pub(crate) fn has(&self, path: &str) -> bool {
        let first = path.trim_start_matches('/').split('/').next().unwrap_or_default();
        !first.is_empty() && self.now(|read| read.names.iter().any(|name| name == first))
    }

    /// `what` of the build as it is now, looking at it again if a second has passed.
    fn now<T>(&self, what: impl FnOnce(&Read) -> T) -> T {
        let mut read = self.read.lock().unwrap_or_else(PoisonError::into_inner);
        if read.looked.is_none_or(|at| at.elapsed() >= LOOK_AGAIN) {
            self.look(&mut read);
        }
        what(&read)
    }

    fn look(&self, read: &mut Read) {
        read.looked = Some(Instant::now());
        let index = self.dir.join("index.html");
        let modified = std::fs::metadata(&index).and_then(|m| m.modified()).ok();
        if modified.is_some() && modified == read.modified {
            return;
        }
        read.modified = modified;
        read.shell = std::fs::read_to_string(&index).ok().map(|html| Arc::new(Shell::new(&html)));
        let names = std::fs::read_dir(&self.dir).into_iter().flatten().flatten();
        read.names = names.filter_map(|entry| entry.file_name().into_string().ok()).collect();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_build_names_its_files_and_reads_its_shell_again_when_replaced() {
        let dir = tempfile::tempdir().expect("dir");
        std::fs::write(dir.path().join("index.html"), "<html><head></head><body></body></html>").expect("index");
        std::fs::write(dir.path().join("favicon.svg"), "<svg/>").expect("favicon");
        std::fs::create_dir(dir.path().join("icons")).expect("icons");
        let build = Build::new(dir.path());
        for (path, expected) in [
            ("/favicon.svg", true),
            ("/icons/a.png", true),
            ("/index.html", true),
            ("/", false),
            ("/1001", false),
            ("/favicon.svg.gz", false),
            ("//favicon.svg", true),
        ] {
            assert_eq!(build.has(path), expected, "{path}");
        }
        let first = build.shell().expect("a shell");
        assert!(Arc::ptr_eq(&first, &build.shell().expect("a shell")), "read once");
        // A rebuild: a new index.html (a later modification time) and a new file.
        std::fs::write(dir.path().join("robots.txt"), "x").expect("robots");
        let later = SystemTime::now() + Duration::from_secs(5);
        let index = std::fs::File::options().append(true).open(dir.path().join("index.html")).expect("open");
        index.set_modified(later).expect("touch");
        build.read.lock().expect("lock").looked = None;
        assert!(!Arc::ptr_eq(&first, &build.shell().expect("a shell")), "read again");
        assert!(build.has("/robots.txt"));
        std::fs::remove_file(dir.path().join("index.html")).expect("rm");
        build.read.lock().expect("lock").looked = None;
        assert!(build.shell().is_none(), "no index.html, no shell");
    }
}
