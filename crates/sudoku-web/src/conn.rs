//! Accepting connections with bounds, so that slow or idle clients cannot lock players out.
//!
//! axum's own `serve` keeps a connection as long as its client does: a request whose headers
//! trickle in a byte at a time, or a keep-alive connection never used again, stayed open for
//! good, and 300 of them used up a 256-descriptor limit. Here each connection is served by
//! hyper with a timer:
//!
//! * the headers of each request must arrive within [`Limits::header_timeout`]; the same
//!   timer runs while a keep-alive connection waits for its next request, so an idle
//!   connection is closed after that long too;
//! * a request body must arrive within [`Limits::body_timeout`] (408 otherwise);
//! * at most [`Limits::max_connections`] are open at once: past that, a new connection is
//!   closed at once, so the process never runs out of descriptors (its soft limit is raised
//!   to the hard one at start, as servers do);
//! * at shutdown, accepting stops and each open connection finishes the request it is
//!   serving, then closes.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, watch};

/// How long clients may take, and how many may be connected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The time a request's headers may take to arrive, and an idle connection may wait.
    pub header_timeout: Duration,
    /// The time a request's body may take to arrive.
    pub body_timeout: Duration,
    /// Connections open at once.
    pub max_connections: usize,
    /// New sessions a client address may start a minute (by a request that stores
    /// something); past it, 429.
    pub sessions_per_minute: u32,
    /// Games a session may hold; past it, 429.
    pub games_per_session: u64,
}

impl Default for Limits {
    /// 10 s for headers and idling, 20 s for a body, 4096 connections, 60 new sessions a
    /// minute an address, 1000 games a session.
    fn default() -> Limits {
        Limits {
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(20),
            max_connections: 4096,
            sessions_per_minute: 60,
            games_per_session: 1000,
        }
    }
}

/// Serves `app` on `listener` within `limits` until `shutdown` completes, then lets the
/// requests in flight finish (for at most `drain`).
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: Limits,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    drain: Duration,
) -> std::io::Result<()> {
    raise_descriptor_limit();
    let app = app.layer(tower_http::timeout::RequestBodyTimeoutLayer::new(
        limits.body_timeout,
    ));
    let slots = Arc::new(Semaphore::new(limits.max_connections));
    let (stop_tx, stop_rx) = watch::channel(false);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => accepted,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            // Out of descriptors or a connection reset before it was taken: not the
            // listener's fault; wait a moment rather than spin.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        let Ok(slot) = slots.clone().try_acquire_owned() else {
            // Full: this connection is closed unserved (dropping it closes it).
            continue;
        };
        let client = axum::Extension(crate::quota::ClientAddr(peer.ip()));
        let service = TowerToHyperService::new(tower::Layer::layer(&client, app.clone()));
        let mut stop = stop_rx.clone();
        let header_timeout = limits.header_timeout;
        tokio::spawn(async move {
            let _slot = slot;
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout);
            let conn = builder.serve_connection(TokioIo::new(stream), service);
            let mut conn = std::pin::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => {}
                // The flag only ever turns on (or its sender goes): either way, stop.
                _ = stop.changed() => {
                    conn.as_mut().graceful_shutdown();
                    let _ = conn.await;
                }
            }
        });
    }
    let _ = stop_tx.send(true);
    // Every connection holds a slot: all slots back means all connections closed.
    let all = u32::try_from(limits.max_connections).unwrap_or(u32::MAX);
    let _ = tokio::time::timeout(drain, slots.acquire_many(all)).await;
    Ok(())
}

/// Raises the soft limit on open files to the hard limit (Unix), so that the connection cap,
/// not the descriptor table, decides how many clients are served.
fn raise_descriptor_limit() {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit and setrlimit read and write the struct passed, nothing else.
        unsafe {
            if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) == 0
                && limit.rlim_cur < limit.rlim_max
            {
                limit.rlim_cur = limit.rlim_max;
                libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
            }
        }
    }
}
