package com.shop.auth;

import static com.shop.util.Strings.normalize;

import java.util.ArrayList;
import java.util.List;

import com.shop.model.*;
import com.shop.repo.Repository;
import com.shop.repo.UserRepository;
import com.shop.util.*;

public class AuthService {
    private final Repository<User> repo;
    private final List<String> log = new ArrayList<>();

    public AuthService(Repository<User> repo) {
        this.repo = repo;
    }

    public AuthService() {
        this(new UserRepository());
    }

    @Deprecated
    public boolean login(String user) {
        return login(user, "");
    }

    public boolean login(String user, String password) {
        User found = repo.find(normalize(user));
        if (found == null) {
            return false;
        }
        var tokens = new TokenService();
        tokens.issue(found);
        audit(found.getName());
        return true;
    }

    public boolean login(int pin) {
        Credentials credentials = new Credentials("pin", String.valueOf(pin));
        return credentials.valid() && Role.CUSTOMER.canWrite();
    }

    public void register(String name) {
        User user = new User(name);
        user.rename(name);
        repo.save(user);
        log.add(name);
        log.forEach(this::audit);
        log.forEach(line -> Clock.now());
        log.forEach(item -> item.save());
    }

    void audit(String message) {
        log.add(Clock.now() + " " + message);
    }

    public class Session {
        public void close() {
            audit("closed");
        }
    }

    public static class Token {
        public String value() {
            return normalize("token");
        }
    }
}
