using System;
using System.Threading.Tasks;
using Shop.Data;
using Shop.Models;
using Auth = Shop.Auth;
using static Shop.Billing.Prices;

namespace Shop
{
    namespace Billing
    {
        public class Checkout
        {
            private readonly Repository<Order> orders;
            private readonly Auth.AuthService auth;

            public Checkout(Auth.AuthService auth)
            {
                this.auth = auth;
                orders = new Repository<Order>();
            }

            public async Task<decimal> Pay(Order order)
            {
                await orders.SaveAsync(order);
                auth.Repo.FindByName("buyer");
                auth.Repo.Save(new User("buyer", 1));
                auth.CurrentUser.Describe();
                auth.Audit();
                decimal tax = Tax(order.Total.Amount);
                Console.WriteLine(tax.ToString());
                return tax;
            }

            public void SignIn(Auth.IAuthService service)
            {
                service.Login("bob", "secret");
                service.Logout();
            }

            public void Lookup(Func<string, dynamic> locate)
            {
                var thing = locate("auth");
                thing.Login("bob");
                thing.Find(1);
            }
        }
    }
}
