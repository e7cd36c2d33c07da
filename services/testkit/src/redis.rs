//! A real `redis-server` for one test, on a free port, without persistence; killed on drop.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct RedisServer {
    child: Child,
    port: u16,
}

impl RedisServer {
    /// Starts `redis-server` and waits until it answers PING.
    ///
    /// # Panics
    /// When `redis-server` is not installed (`apt-get install redis-server`) or does not
    /// come up within ten seconds: a test that needs Redis cannot run without it.
    #[must_use]
    pub fn start() -> Self {
        let port = crate::free_port();
        let child = Command::new("redis-server")
            .args(["--port", &port.to_string(), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start redis-server ({e}); install it: apt-get install redis-server"));
        let server = Self { child, port };
        let deadline = Instant::now() + Duration::from_secs(10);
        while !server.answers_ping() {
            assert!(Instant::now() < deadline, "redis-server on port {port} did not answer PING");
            std::thread::sleep(Duration::from_millis(20));
        }
        server
    }

    fn answers_ping(&self) -> bool {
        use std::io::{Read, Write};
        let Ok(mut s) = std::net::TcpStream::connect(("127.0.0.1", self.port)) else { return false };
        let _ = s.set_read_timeout(Some(Duration::from_millis(200)));
        let mut buf = [0u8; 7];
        s.write_all(b"PING\r\n").is_ok() && s.read_exact(&mut buf).is_ok() && &buf == b"+PONG\r\n"
    }

    #[must_use]
    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}/", self.port)
    }

    #[must_use]
    pub const fn port(&self) -> u16 {
        self.port
    }
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
