package main

import (
	"fmt"
	"strings"

	"example.com/shop/admin"
	a "example.com/shop/auth"
	. "example.com/shop/format"
	"example.com/shop/oauth"
	_ "example.com/shop/plugins"
	"example.com/shop/store"
)

func main() {
	fmt.Println(Banner())
	st := store.Open()
	svc := a.NewService(st)
	loginDirect(svc)
	loginByValue(svc)
	logoutLater(svc)
	promote(&admin.Admin{Service: svc})
	loginProvider(oauth.NewProvider("https://id.example.com"))
	signIn(svc)
	shutdown(st)
}

// loginDirect: the receiver's type, *auth.Service, decides which Login.
func loginDirect(svc *a.Service) {
	tok, err := svc.Login("ann", "pw")
	if err == nil && tok.Valid() {
		fmt.Println(strings.ToUpper(tok.User))
	}
}

// loginByValue calls Login through a method value held in a variable.
func loginByValue(svc *a.Service) {
	h := svc.Login
	h("bob", "pw")
}

// logoutLater's closure is no definition: its call is logoutLater's.
func logoutLater(svc *a.Service) {
	run := func() {
		svc.Logout()
	}
	run()
}
