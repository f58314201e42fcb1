using System;
using Shop.Data;
using Shop.Models;

namespace Shop.Auth
{
    public class AuthService : IAuthService
    {
        public UserRepository Repo { get; set; }

        public User CurrentUser
        {
            get { return Repo.FindByName("current"); }
        }

        public AuthService() : this(new UserRepository())
        {
        }

        public AuthService(UserRepository repo)
        {
            Repo = repo;
        }

        public bool Login(string user)
        {
            return Login(user, "");
        }

        public bool Login(string user, string password)
        {
            Console.WriteLine(user);
            return Check(password);
        }

        public bool Login(int userId)
        {
            string name = "user" + userId;
            return Login(name);
        }

        public void Logout()
        {
            Console.WriteLine("bye");
        }

        private bool Check(string password)
        {
            return password.Length > 0;
        }
    }
}
