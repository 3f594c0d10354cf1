//! What the process can learn about its own resource use.

/// User plus system CPU time of this process so far, where `/proc` tells
/// (Linux); `None` elsewhere.
pub fn process_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name, which is in parentheses and may hold
    // spaces: utime and stime are the 12th and 13th of them.
    let rest = &stat[stat.rfind(')')? + 2..];
    let mut fields = rest.split_whitespace().skip(11);
    let utime: f64 = fields.next()?.parse().ok()?;
    let stime: f64 = fields.next()?.parse().ok()?;
    // The kernel's USER_HZ is 100 on every Linux of the last decades.
    Some((utime + stime) / 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_time_grows_with_work() {
        let Some(start) = process_cpu_seconds() else {
            return; // not Linux: nothing to read
        };
        assert!(start >= 0.0);
        // Spin until the clock (10 ms ticks) has moved: it must, and never
        // backwards.
        let mut x = 0u64;
        let mut now = start;
        for _ in 0..10_000 {
            for i in 0..100_000u64 {
                x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(i);
            }
            now = process_cpu_seconds().expect("readable once");
            if now > start {
                break;
            }
        }
        std::hint::black_box(x);
        assert!(now > start, "{start} -> {now}");
    }
}
