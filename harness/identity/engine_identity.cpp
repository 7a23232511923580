#include "harness/identity/engine_identity.h"

#include "harness/identity/engine_signature.h"

namespace harness {

const std::string& engine_identity() { return engine_signature().identity; }

bool same_engine(const std::string& identity) { return identity == engine_identity(); }

}  // namespace harness
