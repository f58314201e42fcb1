package com.shop.admin;

import com.shop.auth.AuthService;
import com.shop.repo.Repository;
import com.shop.model.User;

public class AdminService extends AuthService {
    public AdminService(Repository<User> repo) {
        super(repo);
    }

    @Override
    public boolean login(String user) {
        boolean ok = super.login(user);
        AuthService.Token token = new AuthService.Token();
        token.value();
        return ok;
    }

    public void reset(Object unknown) {
        ((AuthService) unknown).register("reset");
        unknown.toString();
    }
}
