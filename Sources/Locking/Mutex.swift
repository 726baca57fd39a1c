// Every lock-guarded value in GronaSnapshot is a `Mutex` (Swift's Synchronization), imported through
// this module, so that one switch can make ThreadSanitizer see them.
//
// Why the switch: on Linux, `Synchronization.Mutex` waits on a futex inside the Swift runtime, which
// ThreadSanitizer does not instrument. When two threads contend for one mutex, TSan misses the
// hand-over and reports the accesses the mutex orders as races (a 20-line program with four threads
// filling one dictionary under one `Mutex` is reported every run; with a pthread mutex it is not).
// A TSan build (`scripts/sanitize thread` passes `-DTHREAD_SANITIZER`) therefore gets a `Mutex` of
// the same shape built on `pthread_mutex_t`, which TSan intercepts; every other build gets the
// standard library's own, unchanged.

#if THREAD_SANITIZER
@_exported import struct Synchronization.Atomic
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `Synchronization.Mutex`'s interface on a pthread mutex, for ThreadSanitizer builds only.
package struct Mutex<Value: ~Copyable>: ~Copyable, @unchecked Sendable {
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private let storage: UnsafeMutablePointer<Value>

    package init(_ initialValue: consuming sending Value) {
        lock = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        storage = .allocate(capacity: 1)
        storage.initialize(to: initialValue)
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    package borrowing func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return try body(&storage.pointee)
    }
}
#else
@_exported import Synchronization
#endif
