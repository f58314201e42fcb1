package auth

import (
	"errors"
	"fmt"

	"example.com/shop/store"
)

// Service checks passwords against a store.
type Service struct {
	users *store.Store
	log   []string
}

// NewService wraps a store.
func NewService(users *store.Store) *Service {
	return &Service{users: users}
}

// Login checks a password and issues a token (pointer receiver).
func (s *Service) Login(user, password string) (*Token, error) {
	stored, ok := s.users.Find(user)
	if !ok || stored != password {
		return nil, errors.New("denied")
	}
	s.audit(fmt.Sprintf("login %s", user))
	tok := newToken(user)
	return &tok, nil
}

func (s *Service) audit(entry string) {
	s.log = append(s.log, entry)
}
