//! The thread's pools of spare vectors: graphs, link layouts, tables and walks give their
//! vectors back when dropped, with their room, and the next position's take them.

/// One of the thread's pools of spare vectors (`SPARE_ARENAS` and those below).
type Pool<T> = std::thread::LocalKey<std::cell::RefCell<Vec<T>>>;

/// Keeps `item` (with its room, contents and all) in `pool`, unless the pool holds four.
pub(super) fn put_back<T>(pool: &'static Pool<T>, item: T) {
    pool.with_borrow_mut(|spare| {
        if spare.len() < 4 {
            spare.push(item);
        }
    });
}

/// An item from `pool`, or a new one; the caller clears it.
pub(super) fn take_spare<T: Default>(pool: &'static Pool<T>) -> T {
    pool.with_borrow_mut(Vec::pop).unwrap_or_default()
}
