#![no_main]
//! See `fuzz_harness::api_bodies`.
libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_harness::api_bodies(data));
