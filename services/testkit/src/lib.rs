//! Test kit: TestApp builder, redis-server harness, local fake upstreams.
