//! A hostile image host for `/img`'s tests: plain blocking HTTP/1.1 over a loopback
//! socket, one thread per connection, so a test controls every byte it sends (chunked
//! bodies, a body that never ends, a decompression bomb) and sees what the edge did: the
//! requests per path, and how much of an endless body went out before the edge hung up.

use std::collections::HashMap;
use std::io::{Cursor, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Condvar, Mutex};

use tokio::sync::mpsc;

/// Paths served; everything is under `/img/` except [`OUTSIDE`].
pub(crate) const PHOTO: &str = "/img/photo.png";
pub(crate) const CHUNKED: &str = "/img/chunked.png";
pub(crate) const ENDLESS: &str = "/img/endless.png";
pub(crate) const HELD: &str = "/img/held.png";
/// A real picture on the same host, outside the allowed prefix.
pub(crate) const OUTSIDE: &str = "/private/photo.png";
/// `/img/bomb-{side}.png`: a small PNG declaring `side` × `side` pixels.
pub(crate) const BOMB_PREFIX: &str = "/img/bomb-";

/// How much the endless body sends at most, were nobody to hang up.
pub(crate) const ENDLESS_LIMIT: u64 = 256 * 1024 * 1024;

pub(crate) struct ImageHost {
    pub(crate) url: String,
    pub(crate) authority: String,
    hits: Arc<Mutex<HashMap<String, usize>>>,
    /// Bytes of the endless body written before the reader went away, one per request.
    pub(crate) endless_sent: mpsc::UnboundedReceiver<u64>,
    /// One message per request to [`HELD`] as it arrives.
    pub(crate) held_arrivals: mpsc::UnboundedReceiver<()>,
    release: Arc<(Mutex<bool>, Condvar)>,
}

#[derive(Clone)]
struct Shared {
    hits: Arc<Mutex<HashMap<String, usize>>>,
    endless_sent: mpsc::UnboundedSender<u64>,
    held_arrivals: mpsc::UnboundedSender<()>,
    release: Arc<(Mutex<bool>, Condvar)>,
}

impl ImageHost {
    pub(crate) fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        let authority = listener.local_addr().expect("addr").to_string();
        let (endless_tx, endless_sent) = mpsc::unbounded_channel();
        let (held_tx, held_arrivals) = mpsc::unbounded_channel();
        let shared = Shared {
            hits: Arc::default(),
            endless_sent: endless_tx,
            held_arrivals: held_tx,
            release: Arc::new((Mutex::new(false), Condvar::new())),
        };
        let (hits, release) = (shared.hits.clone(), shared.release.clone());
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let shared = shared.clone();
                std::thread::spawn(move || serve(stream, &shared));
            }
        });
        Self { url: format!("http://{authority}"), authority, hits, endless_sent, held_arrivals, release }
    }

    /// The allow-list entry for this host's `/img/` path.
    pub(crate) fn source(&self) -> String {
        format!("http://{}/img/", self.authority)
    }

    pub(crate) fn hits(&self, path: &str) -> usize {
        self.hits.lock().expect("hits").get(path).copied().unwrap_or(0)
    }

    /// Lets every held request (and every later one) answer.
    pub(crate) fn release_held(&self) {
        let (open, wake) = &*self.release;
        *open.lock().expect("gate") = true;
        wake.notify_all();
    }
}

pub(crate) fn png(width: u32, height: u32) -> Vec<u8> {
    let img = image::RgbImage::from_fn(width, height, |x, y| image::Rgb([(x % 251) as u8, (y % 241) as u8, 90]));
    let mut out = Vec::new();
    image::DynamicImage::ImageRgb8(img).write_to(&mut Cursor::new(&mut out), image::ImageFormat::Png).expect("png");
    out
}

/// A decompression bomb: a valid PNG header declaring `side` × `side` RGB pixels, and an
/// image stream of zero rows that compresses about a thousand to one (the first rows
/// only: a decoder that believed the header would allocate the whole picture first).
pub(crate) fn bomb(side: u32) -> Vec<u8> {
    fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
        out.extend_from_slice(&u32::try_from(data.len()).expect("chunk size").to_be_bytes());
        let mut crc = flate2::Crc::new();
        crc.update(kind);
        crc.update(data);
        out.extend_from_slice(kind);
        out.extend_from_slice(data);
        out.extend_from_slice(&crc.sum().to_be_bytes());
    }
    let mut header = Vec::new();
    header.extend_from_slice(&side.to_be_bytes());
    header.extend_from_slice(&side.to_be_bytes());
    header.extend_from_slice(&[8, 2, 0, 0, 0]); // 8-bit RGB, deflate, no filter, no interlace
    let row = 1 + 3 * side as usize;
    let mut zlib = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    zlib.write_all(&vec![0; row * 16]).expect("deflate");
    let data = zlib.finish().expect("deflate");
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    chunk(&mut out, b"IHDR", &header);
    chunk(&mut out, b"IDAT", &data);
    chunk(&mut out, b"IEND", &[]);
    out
}

fn request_path(stream: &mut TcpStream) -> Option<String> {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") && head.len() < 16 * 1024 {
        if stream.read(&mut byte).ok()? == 0 {
            return None;
        }
        head.push(byte[0]);
    }
    let line = String::from_utf8_lossy(&head).lines().next()?.to_owned();
    let target = line.split(' ').nth(1)?;
    Some(target.split('?').next().unwrap_or(target).to_owned())
}

fn with_length(stream: &mut TcpStream, content_type: &str, body: &[u8]) -> std::io::Result<()> {
    let head = format!(
        "HTTP/1.1 200 OK\r\ncontent-type: {content_type}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes())?;
    stream.write_all(body)
}

const CHUNKED_HEAD: &[u8] =
    b"HTTP/1.1 200 OK\r\ncontent-type: image/png\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n";

fn write_chunk(stream: &mut TcpStream, data: &[u8]) -> std::io::Result<()> {
    stream.write_all(format!("{:x}\r\n", data.len()).as_bytes())?;
    stream.write_all(data)?;
    stream.write_all(b"\r\n")
}

/// Chunks of 64 KiB until the reader hangs up (or [`ENDLESS_LIMIT`]): the bytes written.
fn endless(stream: &mut TcpStream) -> u64 {
    let block = vec![0x42u8; 64 * 1024];
    let mut sent = 0;
    if stream.write_all(CHUNKED_HEAD).is_err() {
        return 0;
    }
    while sent < ENDLESS_LIMIT && write_chunk(stream, &block).is_ok() {
        sent += block.len() as u64;
    }
    let _ = stream.write_all(b"0\r\n\r\n");
    sent
}

fn serve(mut stream: TcpStream, shared: &Shared) {
    let Some(path) = request_path(&mut stream) else { return };
    *shared.hits.lock().expect("hits").entry(path.clone()).or_default() += 1;
    let _ = match path.as_str() {
        PHOTO | OUTSIDE => with_length(&mut stream, "image/png", &png(1200, 800)),
        CHUNKED => (|| {
            stream.write_all(CHUNKED_HEAD)?;
            for part in png(900, 600).chunks(4096) {
                write_chunk(&mut stream, part)?;
            }
            stream.write_all(b"0\r\n\r\n")
        })(),
        ENDLESS => {
            let _ = shared.endless_sent.send(endless(&mut stream));
            Ok(())
        }
        HELD => {
            let _ = shared.held_arrivals.send(());
            let (open, wake) = &*shared.release;
            let guard = open.lock().expect("gate");
            drop(wake.wait_while(guard, |open| !*open).expect("gate"));
            with_length(&mut stream, "image/png", &png(300, 300))
        }
        p if p.starts_with(BOMB_PREFIX) => {
            let side = p.trim_start_matches(BOMB_PREFIX).trim_end_matches(".png").parse().unwrap_or(50_000);
            with_length(&mut stream, "image/png", &bomb(side))
        }
        _ => stream.write_all(b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"),
    };
}
