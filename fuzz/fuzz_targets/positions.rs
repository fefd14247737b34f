#![no_main]
//! See `fuzz_harness::positions`.
libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_harness::positions(data));
