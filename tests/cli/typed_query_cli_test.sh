#!/usr/bin/env bash
# End-to-end checks of `trellis query ...` on the Go, Java, C# and C fixture
# projects (tests/fixtures/{go,java,csharp,c,rust,cpp}/shop), a tree mixing languages
# indexed in one pass, and `trellis stats --schema`.
# Usage: tests/cli/typed_query_cli_test.sh path/to/trellis path/to/source-tree
set -uo pipefail
trellis="$(realpath "$1")"
source_dir="$(realpath "$2")"
source "$(dirname "$0")/checks.sh"

json_true() {
  node -e 'const d = JSON.parse(require("fs").readFileSync(0, "utf8"));
           const names = (list) => list.map((n) => n.qualified_name);
           const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
           const ok = eval(process.argv[1]);
           if (ok !== true) { console.error(JSON.stringify(d).slice(0, 2000)); process.exit(1); }' "$1" <<<"$out" ||
    fail "JSON check failed: $1"
}

# --- Go
db="$work/go.trellis"
"$trellis" index "$source_dir/tests/fixtures/go/shop" --db "$db" >/dev/null || fail "go index failed"
q() { expect "$1" "$trellis" query "${@:2}" --db "$db"; }
q 0 callers example.com/shop/auth.Service.Login --json
json_true 'same(names(d.results.callers).sort(), ["example.com/shop/cmd/shop.loginByValue", "example.com/shop/cmd/shop.loginDirect", "example.com/shop/cmd/shop.promote", "example.com/shop/cmd/shop.signIn"])'
# signIn calls Authenticator.Login, which Service.Login implements: a caller through dispatch.
json_true 'd.results.callers.filter(c => c.via === "dispatch").map(c => c.qualified_name + " " + c.through).join() === "example.com/shop/cmd/shop.signIn example.com/shop/auth.Authenticator.Login"'
q 0 callers example.com/shop/auth.Service.Login --no-dispatch --json
json_true 'same(names(d.results.callers).sort(), ["example.com/shop/cmd/shop.loginByValue", "example.com/shop/cmd/shop.loginDirect", "example.com/shop/cmd/shop.promote"])'
q 0 callers Authenticator.Login --json
json_true 'same(names(d.results.callers), ["example.com/shop/cmd/shop.signIn"])'
q 0 callees example.com/shop/cmd/shop.promote --json
json_true 'same(names(d.results.callees).sort(), ["example.com/shop/admin.Admin.Promote", "example.com/shop/auth.Service.Login"])'
# signIn calls Authenticator.Login; with --dispatch also its implementations (Admin embeds Service's).
q 0 callees example.com/shop/cmd/shop.signIn --json
json_true 'same(names(d.results.callees), ["example.com/shop/auth.Authenticator.Login"])'
q 0 callees example.com/shop/cmd/shop.signIn --dispatch --json
json_true 'same(d.results.callees.map((n) => n.qualified_name + " " + n.via + " " + n.through), ["example.com/shop/auth.Authenticator.Login undefined undefined", "example.com/shop/auth.Service.Login dispatch example.com/shop/auth.Authenticator.Login", "example.com/shop/oauth.Provider.Login dispatch example.com/shop/auth.Authenticator.Login"])'
q 0 implementations example.com/shop/auth.Authenticator --json
json_true 'same(names(d.results.implementations).sort(), ["example.com/shop/admin.Admin", "example.com/shop/auth.Service", "example.com/shop/auth.Session", "example.com/shop/oauth.Provider"])'
q 0 implementations example.com/shop/auth.Auditor --json
json_true 'd.results.implementations.length === 0'
q 0 hierarchy example.com/shop/admin.Admin --direction up --json
json_true 'names(d.results.ancestors).includes("example.com/shop/auth.Service")'
q 0 exports example.com/shop/auth.service --json
json_true 'same(names(d.results.exports), ["example.com/shop/auth.Service", "example.com/shop/auth.NewService"])'
# A file's outline holds its own definitions: a method declared in another file of the package is there, not here.
q 0 outline auth/service.go --json
json_true 'same(names(d.results.outline), ["example.com/shop/auth.Service", "example.com/shop/auth.Service.Login", "example.com/shop/auth.Service.audit", "example.com/shop/auth.NewService"])'
q 0 outline auth/service_logout.go --json
json_true 'same(names(d.results.outline), ["example.com/shop/auth.Service.Logout"]) && d.results.outline[0].parent === "example.com/shop/auth.Service"'
q 0 complexity auth/service_logout.go --json
json_true 'd.results.functions === 1 && d.results.definitions === 1'
# A Go qualified name holds '/': it is still a name where a FILE or NAME is taken.
q 0 details example.com/shop/auth.Service.Login --json
json_true 'd.results.node.qualified_name === "example.com/shop/auth.Service.Login"'
q 0 dependencies example.com/shop/cmd/shop.shop --type imports --json
json_true 'names(d.results.imports).includes("fmt") && names(d.results.imports).includes("example.com/shop/auth.service")'

# --- Java
db="$work/java.trellis"
"$trellis" index "$source_dir/tests/fixtures/java/shop" --db "$db" >/dev/null || fail "java index failed"
q 0 callers com.shop.repo.Repository.find --json
json_true 'same(names(d.results.callers), ["com.shop.auth.AuthService.login(String,String)"])'
q 1 callers AuthService.login --json
json_true 'd.error_code === "AMBIGUOUS_NAME" && d.suggestions.includes("com.shop.auth.AuthService.login(int)")'
q 0 callers "AuthService.login(String,String)" --json
json_true 'same(names(d.results.callers), ["com.shop.auth.AuthService.login(String)"])'
q 0 callees com.shop.admin.AdminService.login --json
json_true 'same(names(d.results.callees).sort(), ["com.shop.auth.AuthService.Token", "com.shop.auth.AuthService.Token.value", "com.shop.auth.AuthService.login(String)"])'
q 0 hierarchy com.shop.model.Entity --direction down --json
json_true 'same(names(d.results.descendants), ["com.shop.model.User"])'
q 0 implementations com.shop.repo.Repository --json
json_true 'same(names(d.results.implementations), ["com.shop.repo.UserRepository"])'
q 0 exports com.shop.util.Strings --json
json_true 'same(names(d.results.exports), ["com.shop.util.Strings"])'
q 0 dependencies com.shop.auth.TokenService --type imports --json
json_true 'same(names(d.results.imports), ["com.shop.model.User"])'

# --- C#
db="$work/csharp.trellis"
"$trellis" index "$source_dir/tests/fixtures/csharp/shop" --db "$db" >/dev/null || fail "csharp index failed"
q 0 callers Shop.Auth.AuthExtensions.Audit --json
json_true 'same(names(d.results.callers).sort(), ["Shop.Billing.Checkout.Pay", "Shop.Program.Main"])'
q 0 callers "Shop.Auth.AuthService.Login(int)" --json
json_true 'same(names(d.results.callers), ["Shop.Program.LoginById"])'
q 0 implementations Shop.Auth.IAuthService --json
json_true 'same(names(d.results.implementations), ["Shop.Auth.AuthService"])'
q 0 hierarchy Shop.Data.UserRepository --direction up --json
json_true 'same(names(d.results.ancestors), ["Shop.Data.Repository"])'
q 0 callees Shop.Billing.Checkout.SignIn --json
json_true 'same(names(d.results.callees).sort(), ["Shop.Auth.IAuthService.Login", "Shop.Auth.IAuthService.Logout"])'

# --- C
db="$work/c.trellis"
"$trellis" index "$source_dir/tests/fixtures/c/shop" --db "$db" >/dev/null || fail "c index failed"
q 0 callers src.cart.cart_total --json
json_true 'same(names(d.results.callers).sort(), ["src.main.main", "src.report.report_print"])'
# Each file's static helper is its own: two functions, each called from its file only.
q 0 callers src.report.helper --json
json_true 'same(names(d.results.callers), ["src.report.report_print"])'
q 0 callers src.cart.helper --json
json_true 'same(names(d.results.callers), ["src.cart.cart_add"])'
q 1 callers helper --json
json_true 'd.error_code === "AMBIGUOUS_NAME" && d.suggestions.includes("src.cart.helper") && d.suggestions.includes("src.report.helper")'
q 0 callees src.main.main --json
json_true 'same(names(d.results.callees).sort(), ["src.cart.cart_add", "src.cart.cart_total", "src.legacy.log.log_line", "src.report.report_each", "src.report.report_print"])'
q 0 callees src.report.report_print --json
# out->write(..): every function a designated initialiser or an assignment stores in field write of a struct Writer.
json_true 'same(names(d.results.callees).sort(), ["src.cart.cart_total", "src.plugins.log.to_stderr", "src.report.helper", "src.report.to_console"])'
q 0 outline src/cart.c --json
json_true 'same(names(d.results.outline), ["src.cart.helper", "src.cart.cart_add", "src.cart.cart_total"])'
q 0 outline include/shop/cart.h --json
json_true 'same(names(d.results.outline), ["include.shop.cart.Cart", "include.shop.cart.Item", "include.shop.cart.Price", "include.shop.cart.Status", "include.shop.cart.cart_empty"])'
# A .c file exports its non-static functions; a header its types (its static inline function is each includer's own).
q 0 exports src/cart.c --json
json_true 'same(names(d.results.exports), ["src.cart.cart_add", "src.cart.cart_total"])'
q 0 exports include/shop/cart.h --json
json_true 'same(names(d.results.exports), ["include.shop.cart.Cart", "include.shop.cart.Item", "include.shop.cart.Price", "include.shop.cart.Status"])'
q 0 dependencies src.main --type imports --json
json_true 'same(names(d.results.imports).sort(), ["src.legacy.log.h", "src.report.h", "stdlib.h"])'

# --- Rust: a Cargo workspace of two crates.
db="$work/rust.trellis"
expect 0 "$trellis" index "$source_dir/tests/fixtures/rust/shop" --db "$db"
q 0 callers shop_core.shapes.Shape.describe --no-dispatch --json
json_true 'same(names(d.results.callers), ["shop_core.shapes.print_shape"])'
q 0 callees shop_app.main --json
json_true 'same(names(d.results.callees).sort(), ["shop_app.report.summary", "shop_core.log_line", "shop_core.orders.Order.process", "shop_core.orders.load", "shop_core.orders.store.Store.new", "shop_core.orders.store.Store.process_all", "shop_core.shapes.Circle.new", "shop_core.shapes.print_shape", "shop_core.util.format_price"])'
q 0 implementations shop_core.shapes.Shape --json
json_true 'same(names(d.results.implementations).sort(), ["shop_core.shapes.Circle", "shop_core.shapes.Square"])'
q 0 outline core/src/shapes.rs --json
json_true 'names(d.results.outline).includes("shop_core.shapes.Shape") && names(d.results.outline).includes("shop_core.shapes.Circle.area")'
q 0 unresolved shop_app.main --json
contains "$out" "log_line!"

# --- C++: namespaces, out-of-line members, overloads, virtual calls.
db="$work/cpp.trellis"
expect 0 "$trellis" index "$source_dir/tests/fixtures/cpp/shop" --db "$db"
q 0 implementations shop.geo.Shape --json
json_true 'same(names(d.results.implementations).sort(), ["shop.geo.Circle", "shop.geo.Square"])'
q 0 hierarchy shop.geo.Square --direction up --json
json_true 'same(names(d.results.ancestors).sort(), ["shop.Printable", "shop.geo.Shape"])'
q 0 callers shop.geo.Shape.area --no-dispatch --json
json_true 'same(names(d.results.callers).sort(), ["app.Runner.run", "shop.geo.Shape.describe", "src.main.main"])'
# A call through Shape& or Shape* may run Circle's override: callers by dispatch.
q 0 callers shop.geo.Circle.area --json
json_true 'same(names(d.results.callers).sort(), ["app.Runner.run", "shop.geo.Shape.describe", "src.main.main"])'
json_true 'd.results.callers.some((c) => c.via === "dispatch" && c.through === "shop.geo.Shape.area")'
q 1 callees shop.geo.Square.scale --json
contains "$out" "AMBIGUOUS_NAME"
q 0 callees "shop.geo.Square.scale(int)" --json
json_true 'same(names(d.results.callees), ["shop.geo.Square.scale(double)"])'
q 0 details shop.geo.Circle.area --json
contains "$out" "src/shape.cpp"
q 0 unresolved src.main.main --json
contains "$out" "unknown.process"

# --- One pass over a tree of several languages: Go beside TypeScript, Java beside Python.
mixed="$work/mixed"
mkdir -p "$mixed"
cp -r "$source_dir/tests/fixtures/go/shop" "$mixed/goshop"
cp -r "$source_dir/tests/fixtures/typescript/shop/src" "$mixed/web"
cp -r "$source_dir/tests/fixtures/java/shop/src" "$mixed/jvm"
cp -r "$source_dir/tests/fixtures/python/shop" "$mixed/py"
cp -r "$source_dir/tests/fixtures/c/shop" "$mixed/native"
cp -r "$source_dir/tests/fixtures/rust/shop" "$mixed/crates"
cp -r "$source_dir/tests/fixtures/cpp/shop" "$mixed/cppshop"
db="$work/mixed.trellis"
expect 0 "$trellis" index "$mixed" --db "$db"
contains "$out" "Interface"
q 0 callers example.com/shop/auth.Service.Login --json
json_true 'd.results.callers.length === 4'
q 0 callers com.shop.repo.Repository.find --fields language --json
json_true 'd.results.callers.length === 1 && d.results.callers[0].language === "java"'
expect 0 "$trellis" cypher "MATCH (m:Module) RETURN m.language AS language, count(*) AS files ORDER BY language" --db "$db" --json
json_true 'same(d.results.rows.map((r) => r.language), ["c", "cpp", "go", "java", "python", "rust", "typescript"])'
# C below the root: its includes are found beside the file and in native/include/.
q 0 callees native.src.cart.cart_total --json
json_true 'same(names(d.results.callees), ["native.include.shop.cart.cart_empty"])'
# Each .h goes with the sources around it: native/'s are C, cppshop/'s C++.
expect 0 "$trellis" cypher "MATCH (c:Class) WHERE c.qualified_name IN ['native.include.shop.cart.Cart', 'shop.geo.Shape'] RETURN c.qualified_name AS name, c.language AS language ORDER BY name" --db "$db" --json
json_true 'same(d.results.rows.map((r) => r.language), ["c", "cpp"])'

# --- The schema and each language's rules.
expect 0 "$trellis" stats --schema --json
json_true 'same(d.results.languages.map((l) => l.name), ["python", "typescript", "go", "java", "csharp", "c", "cpp", "rust"])'
json_true 'd.results.languages.every((l) => l.files && l.naming && l.resolution)'
json_true 'd.results.labels.some((l) => l.name === "Method") && d.results.relationship_types.some((r) => r.name === "IMPLEMENTS")'
expect 0 "$trellis" stats --schema
contains "$out" "example.com/shop/auth.Service.Login"
contains "$out" "Languages:"
contains "$out" "shop_core.orders.Order"
contains "$out" "shop.auth.Service.login"

finish "typed query CLI"
