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
//! * a request body must arrive whole within [`Limits::body_timeout`] of its headers, and
//!   at [`Limits::body_min_rate`] at least: it is given [`BODY_GRACE`] plus a second for every
//!   `body_min_rate` bytes received, never more than `body_timeout` in all (408 otherwise).
//!   A timer that restarted with every byte let a client keep a connection for good by
//!   sending a byte every 15 s: 4,096 such clients locked every other one out;
//! * at most [`Limits::max_connections`] are open at once, and at most
//!   [`Limits::connections_per_address`] from one client address (an IPv6 client counts by
//!   its /64): past either, a new connection is closed at once, so the process never runs out
//!   of descriptors (its soft limit is raised to the hard one at start, as servers do) and one
//!   client cannot take every connection;
//! * at shutdown, accepting stops; a body still arriving is cut off (503: the client may send
//!   it again to the next server), each open connection finishes the request it is serving,
//!   then closes, and whatever is left after the drain time is dropped, so the database can
//!   be closed cleanly.

use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::Request;
use http_body::{Frame, SizeHint};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, watch};
use tokio::task::JoinSet;
use tokio::time::{Instant, Sleep};

/// How long clients may take, how many may be connected, and how much one client may store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The time a request's headers may take to arrive, and an idle connection may wait.
    pub header_timeout: Duration,
    /// The most time a request's body may take to arrive, whole.
    pub body_timeout: Duration,
    /// The slowest a body may arrive, in bytes a second (see [`BODY_GRACE`]); 0: no rate,
    /// only `body_timeout`.
    pub body_min_rate: u32,
    /// Connections open at once.
    pub max_connections: usize,
    /// Connections open at once from one client address.
    pub connections_per_address: usize,
    /// New sessions a client address may start a minute (by a request that stores
    /// something); past it, 429.
    pub sessions_per_minute: u32,
    /// Games a session may hold; past it, 429.
    pub games_per_session: u64,
    /// Drill questions a session may hold; past it, 429.
    pub questions_per_session: u64,
    /// Games and drill questions a session may start a minute; past it, 429.
    pub new_per_minute: u32,
    /// Games and drill questions a client address may start a minute, over all its
    /// sessions; past it, 429.
    pub new_per_minute_per_address: u32,
    /// Requests that change something (moves, hints, ...) a session may send a minute.
    pub changes_per_minute: u32,
    /// Requests that change something a client address may send a minute, over all its
    /// sessions.
    pub changes_per_minute_per_address: u32,
}

impl Default for Limits {
    /// 10 s for headers and idling; 20 s for a body, at 1,000 bytes a second at least; 4,096
    /// connections, 256 an address; 60 new sessions a minute an address; 1,000 games and
    /// 10,000 drill questions a session; 60 new games or questions a minute a session, 300
    /// an address; 600 changes a minute a session, 6,000 an address.
    fn default() -> Limits {
        Limits {
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(20),
            body_min_rate: 1000,
            max_connections: 4096,
            connections_per_address: 256,
            sessions_per_minute: 60,
            games_per_session: 1000,
            questions_per_session: 10_000,
            new_per_minute: 60,
            new_per_minute_per_address: 300,
            changes_per_minute: 600,
            changes_per_minute_per_address: 6000,
        }
    }
}

/// The time any body is given before [`Limits::body_min_rate`] counts: a body of a few
/// bytes arrives in one packet, long before it.
pub const BODY_GRACE: Duration = Duration::from_secs(2);

/// Serves `app` on `listener` within `limits` until `shutdown` completes, then lets the
/// requests in flight finish (for at most `drain`) and drops the connections left.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: Limits,
    shutdown: impl Future<Output = ()> + Send + 'static,
    drain: Duration,
) -> std::io::Result<()> {
    raise_descriptor_limit();
    let (stop_tx, stop_rx) = watch::channel(false);
    let bodies = stop_rx.clone();
    let app = app.layer(axum::middleware::from_fn(
        move |req: Request, next: axum::middleware::Next| {
            next.run(with_deadline(req, limits, &bodies))
        },
    ));
    let slots = Arc::new(Semaphore::new(limits.max_connections));
    let per_address = Arc::new(Mutex::new(HashMap::<IpAddr, usize>::new()));
    let mut connections = JoinSet::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            () = &mut shutdown => break,
            // Closed connections are reaped as they end.
            Some(_) = connections.join_next(), if !connections.is_empty() => continue,
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
        // Full, in all or for this address: the connection is closed unserved (dropping it
        // closes it).
        let Some(own) = AddressSlot::take(&per_address, peer.ip(), limits) else {
            continue;
        };
        let Ok(slot) = slots.clone().try_acquire_owned() else {
            continue;
        };
        let client = axum::Extension(crate::quota::ClientAddr(peer.ip()));
        let service = TowerToHyperService::new(tower::Layer::layer(&client, app.clone()));
        let mut stop = stop_rx.clone();
        let header_timeout = limits.header_timeout;
        connections.spawn(async move {
            let _slots = (slot, own);
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
    let _ = tokio::time::timeout(drain, async {
        while connections.join_next().await.is_some() {}
    })
    .await;
    // Past the drain: the connections left are dropped with what they hold (the server's
    // state among it), so that the database closes.
    connections.shutdown().await;
    Ok(())
}

/// A connection's place in the count of its address, given back when dropped.
struct AddressSlot {
    counts: Arc<Mutex<HashMap<IpAddr, usize>>>,
    key: IpAddr,
}

impl AddressSlot {
    /// A place for a connection from `ip`, or `None` when its address has all it may have.
    fn take(
        counts: &Arc<Mutex<HashMap<IpAddr, usize>>>,
        ip: IpAddr,
        limits: Limits,
    ) -> Option<AddressSlot> {
        let key = crate::quota::address_key(ip);
        let mut map = counts.lock().unwrap_or_else(PoisonError::into_inner);
        let open = map.entry(key).or_insert(0);
        if *open >= limits.connections_per_address {
            return None;
        }
        *open += 1;
        Some(AddressSlot {
            counts: counts.clone(),
            key,
        })
    }
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        let mut map = self.counts.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(open) = map.get_mut(&self.key) {
            *open = open.saturating_sub(1);
            if *open == 0 {
                map.remove(&self.key);
            }
        }
    }
}

/// Why a body was cut off before its end.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BodyCut {
    /// It did not arrive within its deadline.
    #[error(
        "the request body did not arrive in time: {received} bytes in {waited} s (a body \
         must arrive whole within {limit} s, at {rate} bytes a second at least)"
    )]
    TooSlow {
        /// Bytes received.
        received: u64,
        /// Seconds waited for it.
        waited: u64,
        /// The most seconds any body is given.
        limit: u64,
        /// The slowest rate allowed, in bytes a second.
        rate: u32,
    },
    /// The server began to stop while it arrived.
    #[error("the server is stopping: send the request again in a moment")]
    Stopping,
}

/// Puts a deadline on the body of `req` (a request without a body is left as it is).
fn with_deadline(req: Request, limits: Limits, stop: &watch::Receiver<bool>) -> Request {
    if http_body::Body::is_end_stream(req.body()) {
        return req;
    }
    let mut stop = stop.clone();
    let stopping: Pin<Box<dyn Future<Output = ()> + Send>> = Box::pin(async move {
        // Done when the flag turns on, or its sender is gone: the server is stopping.
        let _ = stop.wait_for(|stopping| *stopping).await;
    });
    req.map(|body| {
        Body::new(Deadline {
            inner: body,
            start: Instant::now(),
            received: 0,
            limits,
            sleep: Box::pin(tokio::time::sleep(allowed(0, limits))),
            stopping: Some(stopping),
        })
    })
}

/// The time a body is given once `received` bytes of it have come: [`BODY_GRACE`] and a
/// second per `body_min_rate` bytes, at most `body_timeout`.
fn allowed(received: u64, limits: Limits) -> Duration {
    if limits.body_min_rate == 0 {
        return limits.body_timeout;
    }
    let earned = Duration::from_secs_f64(received as f64 / f64::from(limits.body_min_rate));
    (BODY_GRACE + earned).min(limits.body_timeout)
}

/// A request body that must arrive whole by a deadline that grows with what has arrived.
struct Deadline {
    inner: Body,
    start: Instant,
    received: u64,
    limits: Limits,
    sleep: Pin<Box<Sleep>>,
    /// Completes when the server begins to stop; `None` once it has.
    stopping: Option<Pin<Box<dyn Future<Output = ()> + Send>>>,
}

impl http_body::Body for Deadline {
    type Data = Bytes;
    type Error = axum::BoxError;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::BoxError>>> {
        let this = self.get_mut();
        let stopped = match this.stopping.as_mut() {
            Some(stopping) => stopping.as_mut().poll(cx).is_ready(),
            None => true,
        };
        if stopped {
            this.stopping = None;
            return Poll::Ready(Some(Err(BodyCut::Stopping.into())));
        }
        match Pin::new(&mut this.inner).poll_frame(cx) {
            Poll::Ready(Some(Ok(frame))) => {
                if let Some(data) = frame.data_ref() {
                    this.received += data.len() as u64;
                    let until = this.start + allowed(this.received, this.limits);
                    this.sleep.as_mut().reset(until);
                }
                Poll::Ready(Some(Ok(frame)))
            }
            Poll::Ready(Some(Err(e))) => Poll::Ready(Some(Err(e.into()))),
            Poll::Ready(None) => Poll::Ready(None),
            Poll::Pending => match this.sleep.as_mut().poll(cx) {
                Poll::Ready(()) => Poll::Ready(Some(Err(BodyCut::TooSlow {
                    received: this.received,
                    waited: this.start.elapsed().as_secs(),
                    limit: this.limits.body_timeout.as_secs(),
                    rate: this.limits.body_min_rate,
                }
                .into()))),
                Poll::Pending => Poll::Pending,
            },
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_body_earns_its_time_by_arriving() {
        let limits = Limits::default();
        assert_eq!(allowed(0, limits), BODY_GRACE);
        assert_eq!(allowed(3000, limits), BODY_GRACE + Duration::from_secs(3));
        assert_eq!(allowed(1 << 30, limits), limits.body_timeout);
        let no_rate = Limits {
            body_min_rate: 0,
            ..limits
        };
        assert_eq!(allowed(0, no_rate), limits.body_timeout);
    }
}
